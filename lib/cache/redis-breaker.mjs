// @ts-check
/**
 * The one circuit breaker in front of Redis, used by every Redis user of the process: the
 * invalidation versions (tag-versions.mjs), the page cache handler's entries (redis-store.mjs),
 * the front cache of server/serve.mjs (through tag-versions.mjs) and the rate limiters
 * (lib/rate-limit/redis-rate-limiter.ts).
 *
 * Why: a Redis that is connected but silent (stopped, a network black hole) does not fail a
 * command, it lets it wait out its timeout; a request asking Redis several times waited several
 * timeouts. After one such failure the breaker opens: for REDIS_BREAKER_OPEN_MS (default 5 s) no
 * command is sent, each call fails at once as if Redis were down (caches miss or use what this
 * process knows, limiters let the request through). Then one call is let through as a probe:
 * success closes the breaker, failure opens it again.
 *
 * Only failures of Redis itself open it (timeouts, a closed or refused connection); a reply error
 * (a wrong type, a script error) is Redis answering.
 *
 * The state hangs on globalThis: Next's bundles (the rate limiters), its unbundled cache handler
 * and serve.mjs may each load this module, and must share one breaker. Hand-written rather than a
 * library (opossum): one small state machine shared by unrelated calls across module copies.
 */

const STATE = Symbol.for('film-cms.redis-breaker');

/** How long the breaker stays open after a failure before one call probes Redis again (ms). */
const OPEN_MS = positiveInt(process.env.REDIS_BREAKER_OPEN_MS, 5_000);

/** @param {string | undefined} value @param {number} fallback */
function positiveInt(value, fallback) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The error a call gets while the breaker is open: Redis was not asked. */
export class RedisBreakerOpenError extends Error {
  constructor() {
    super('Redis circuit breaker open: not asking Redis for now');
    this.name = 'RedisBreakerOpenError';
  }
}

/**
 * @typedef {{
 *   openUntil: number,
 *   probing: boolean,
 *   opened: number,
 *   shortCircuited: number,
 *   failures: number,
 *   onClose: Set<() => unknown>,
 * }} BreakerState
 */

/** @returns {BreakerState} */
function state() {
  const global = /** @type {Record<symbol, BreakerState | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[STATE] ??= { openUntil: 0, probing: false, opened: 0, shortCircuited: 0, failures: 0, onClose: new Set() };
  return global[STATE];
}

/** @param {unknown} error */
const isReplyError = (error) => error instanceof Error && error.name === 'ReplyError';

/**
 * Runs `command` (a call to Redis) unless the breaker is open; then throws RedisBreakerOpenError
 * without calling it.
 * @template T
 * @param {() => Promise<T>} command
 * @returns {Promise<T>}
 */
export async function throughBreaker(command) {
  const breaker = state();
  let probe = false;
  if (breaker.openUntil !== 0) {
    if (Date.now() < breaker.openUntil || breaker.probing) {
      breaker.shortCircuited += 1;
      throw new RedisBreakerOpenError();
    }
    // Half open: this call finds out whether Redis answers again; the others keep failing fast.
    probe = true;
    breaker.probing = true;
  }
  try {
    const result = await command();
    if (probe) {
      breaker.openUntil = 0;
      for (const hook of breaker.onClose) void Promise.resolve(hook()).catch(() => {});
    }
    return result;
  } catch (error) {
    if (!isReplyError(error)) {
      breaker.failures += 1;
      if (breaker.openUntil === 0 || probe) {
        if (breaker.openUntil === 0) breaker.opened += 1;
        breaker.openUntil = Date.now() + OPEN_MS;
      }
    }
    throw error;
  } finally {
    if (probe) breaker.probing = false;
  }
}

/** Whether Redis is being left alone now (a call would fail at once). */
export function breakerOpen() {
  return state().openUntil !== 0;
}

/**
 * Run `hook` when the breaker closes again (Redis answered a probe): tag-versions.mjs writes the
 * invalidations it could not write meanwhile. A stopped Redis that resumes never reconnects, so
 * the connection's own "ready" is not enough.
 * @param {() => unknown} hook
 */
export function onBreakerClose(hook) {
  state().onClose.add(hook);
}

/**
 * Closes the breaker without a probe: the connection was (re-)established just now, so Redis
 * answers (redis-store.mjs on "ready").
 */
export function resetBreaker() {
  state().openUntil = 0;
}

/** For the cache statistics: times opened, calls refused while open, Redis failures seen. */
export function breakerStats() {
  const { openUntil, opened, shortCircuited, failures } = state();
  return { state: openUntil === 0 ? 'closed' : 'open', opened, shortCircuited, failures, openMs: OPEN_MS };
}
