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
 * success closes the breaker, failure opens it again. Meanwhile a background probe (a PING, every
 * PROBE_MS) closes it as soon as Redis answers, whether or not requests come: another instance's
 * publish then reaches this one within about a second of Redis answering again.
 *
 * Only failures of Redis itself open it (timeouts, a closed or refused connection); a reply error
 * (a wrong type, a script error) is Redis answering.
 *
 * The state hangs on globalThis: Next's bundles (the rate limiters), its unbundled cache handler
 * and serve.mjs may each load this module, and must share one breaker. Hand-written rather than a
 * library (opossum): one small state machine shared by unrelated calls across module copies.
 */
import { serverVariable } from '../ops/server-env.mjs';

const STATE = Symbol.for('film-cms.redis-breaker');

/** How long the breaker stays open after a failure before one call probes Redis again (ms). */
const OPEN_MS = serverVariable('REDIS_BREAKER_OPEN_MS');

/** How often, while open, the background probe asks whether Redis answers again (ms). */
const PROBE_MS = Math.min(OPEN_MS, 1_000);

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
 *   probe: (() => Promise<unknown>) | null,
 *   probeTimer: NodeJS.Timeout | null,
 * }} BreakerState
 */

/** @returns {BreakerState} */
function state() {
  const global = /** @type {Record<symbol, BreakerState | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[STATE] ??= {
    openUntil: 0,
    probing: false,
    opened: 0,
    shortCircuited: 0,
    failures: 0,
    onClose: new Set(),
    probe: null,
    probeTimer: null,
  };
  return global[STATE];
}

/** @param {unknown} error */
const isReplyError = (error) => error instanceof Error && error.name === 'ReplyError';

/**
 * `answer`, or a "Command timed out" error once `ms` have passed and the event loop has read its
 * sockets once more. When this process itself stalled past the deadline (a cold start loading a
 * route's code, a long render), Redis's answer may be waiting unread; a plain timer (ioredis's
 * commandTimeout) fires before it is read, blames Redis and opens the breaker for every request.
 * @template T
 * @param {Promise<T>} answer @param {number} ms
 * @returns {Promise<T>}
 */
export function withinDeadline(answer, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error('Command timed out'))), ms);
    timer.unref();
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

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
    if (probe) close(breaker);
    return result;
  } catch (error) {
    if (!isReplyError(error)) {
      breaker.failures += 1;
      if (breaker.openUntil === 0 || probe) {
        if (breaker.openUntil === 0) breaker.opened += 1;
        breaker.openUntil = Date.now() + OPEN_MS;
        probeInBackground(breaker);
      }
    }
    throw error;
  } finally {
    if (probe) breaker.probing = false;
  }
}

/** @param {BreakerState} breaker */
function close(breaker) {
  const wasOpen = breaker.openUntil !== 0;
  breaker.openUntil = 0;
  if (breaker.probeTimer) clearInterval(breaker.probeTimer);
  breaker.probeTimer = null;
  if (wasOpen) for (const hook of breaker.onClose) void Promise.resolve(hook()).catch(() => {});
}

/** @param {BreakerState} breaker */
function probeInBackground(breaker) {
  if (breaker.probeTimer || !breaker.probe) return;
  const probe = breaker.probe;
  let asking = false;
  breaker.probeTimer = setInterval(() => {
    if (asking || breaker.openUntil === 0) return;
    asking = true;
    probe()
      .then(() => close(breaker))
      .catch(() => {})
      .finally(() => (asking = false));
  }, PROBE_MS);
  breaker.probeTimer.unref();
}

/**
 * How the background probe asks Redis (redis-store.mjs: a PING on the shared connection, outside
 * the breaker).
 * @param {() => Promise<unknown>} probe
 */
export function setBreakerProbe(probe) {
  state().probe = probe;
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
  close(state());
}

/** For the cache statistics: times opened, calls refused while open, Redis failures seen. */
export function breakerStats() {
  const { openUntil, opened, shortCircuited, failures } = state();
  return { state: openUntil === 0 ? 'closed' : 'open', opened, shortCircuited, failures, openMs: OPEN_MS };
}
