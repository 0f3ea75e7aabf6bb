// @ts-check
/**
 * The shared cache of several instances (lib/cache/incremental-cache-handler.mjs with REDIS_URL):
 * one connection per process, the key layout and entry serialisation. Whether an entry is still
 * valid is lib/cache/tag-versions.mjs's (versions, no clocks), which keeps its counters here too.
 *
 * Keys (prefix: CACHE_KEY_PREFIX, default "film-cms"):
 *   {prefix}:validity                        the invalidation versions (lib/cache/tag-versions.mjs); no TTL
 *   {prefix}:isr:{buildId}:{cacheKey}        page / route / data cache entry (cacheHandler); has a TTL
 *
 * Redis trouble never fails a request: reads count as misses, writes are dropped, and an
 * invalidation that could not be written is retried when the connection is back. Every command
 * goes through the process's one circuit breaker (redis-breaker.mjs, `withCacheRedis`): after a
 * failure Redis is left alone for a while instead of being waited on by every request.
 */
import { deserialize, serialize } from './entry-codec.mjs';
import { Redis } from 'ioredis';
import { rootLogger } from '../log/logger.mjs';
import { serverVariable } from '../ops/server-env.mjs';
import { onShutdown } from '../ops/shutdown.mjs';
import { resetBreaker, setBreakerProbe, throughBreaker, withinDeadline } from './redis-breaker.mjs';

const CLIENT = Symbol.for('film-cms.cache-redis');
const RECONNECT_HOOKS = Symbol.for('film-cms.cache-reconnect-hooks');

/** Entries live at most this long (seconds): a bound on the store, whatever the entry asks for. */
export const MAX_TTL_SECONDS = serverVariable('CACHE_MAX_TTL_SECONDS');
/** A cache read waits this long for Redis before it counts as a miss (ms). */
const COMMAND_TIMEOUT_MS = serverVariable('CACHE_REDIS_TIMEOUT_MS');

const log = rootLogger().child({ component: 'cache' });

/** REDIS_URL, when set and not empty (compose passes unset variables as ""). */
export function redisUrl() {
  return serverVariable('REDIS_URL')?.trim() || undefined;
}

/**
 * Whether the shared cache is in use: REDIS_URL is set and this is a running server, not
 * `next build` (a build's prerenders go to the build output, as usual, and never into the
 * production cache).
 */
export function sharedCacheEnabled() {
  return Boolean(redisUrl()) && process.env.NEXT_PHASE !== 'phase-production-build';
}

export function keyPrefix() {
  return (serverVariable('CACHE_KEY_PREFIX').trim() || 'film-cms').replace(/:+$/, '');
}

export const tagsKey = () => `${keyPrefix()}:tags`;

// ---------------------------------------------------------------------------------------------
// The connection

/**
 * @typedef {{ redis: Redis, url: string, healthy: boolean, lastWarning: number, connected: Promise<boolean> }} ClientState
 */

/** @returns {ClientState} */
function state() {
  const global = /** @type {Record<symbol, ClientState | undefined>} */ (/** @type {unknown} */ (globalThis));
  const url = redisUrl();
  if (!url) throw new Error('REDIS_URL is not set');
  const existing = global[CLIENT];
  if (existing && existing.url === url) return existing;

  const redis = new Redis(url, {
    // Fail fast instead of queueing while disconnected: a miss now beats a request held for seconds.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // No commandTimeout: askCacheRedis's deadline (withinDeadline), which a stall of this process does not trip.
    connectTimeout: 2_000,
    // Back within half a second of Redis: the invalidations missed meanwhile are written then.
    retryStrategy: (attempt) => Math.min(attempt * 100, 500),
    connectionName: 'film-cms-cache',
  });
  /** @type {ClientState} */
  const created = {
    redis,
    url,
    healthy: false,
    lastWarning: 0,
    // The first connection, which the first requests after a start wait for (briefly).
    connected: withinDeadline(new Promise((resolve) => redis.once('ready', () => resolve(true))), COMMAND_TIMEOUT_MS).catch(() => false),
  };
  redis.on('ready', () => {
    if (!created.healthy) log.info('redis cache connected');
    created.healthy = true;
    resetBreaker();
    for (const hook of reconnectHooks()) void hook();
  });
  redis.on('error', (error) => reportError(error, 'redis cache connection failed'));
  redis.on('end', () => {
    created.healthy = false;
  });
  global[CLIENT] = created;
  setBreakerProbe(() => askCacheRedis((connection) => connection.ping()));
  onShutdown('redis cache', () => closeCacheConnection());
  return created;
}

/** @returns {Set<() => Promise<void>>} */
function reconnectHooks() {
  const global = /** @type {Record<symbol, Set<() => Promise<void>> | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[RECONNECT_HOOKS] ??= new Set();
  return global[RECONNECT_HOOKS];
}

/**
 * Run `hook` whenever the connection is (back) up: lib/cache/tag-versions.mjs writes the
 * invalidations it could not write while Redis was away.
 * @param {() => Promise<void>} hook
 */
export function onReconnect(hook) {
  reconnectHooks().add(hook);
}

/**
 * The shared cache connection (created on first use). Right after a start, waits for the first
 * connection (at most CACHE_REDIS_TIMEOUT_MS); later, commands fail fast while Redis is away.
 */
export async function cacheRedis() {
  const current = state();
  await current.connected;
  return current.redis;
}

/**
 * Runs `command` on the shared cache connection through the circuit breaker (redis-breaker.mjs):
 * while it is open, throws at once without asking Redis.
 * @template T
 * @param {(redis: Redis) => Promise<T>} command
 * @returns {Promise<T>}
 */
export function withCacheRedis(command) {
  return throughBreaker(() => askCacheRedis(command));
}

/**
 * Runs `command` on the shared cache connection, not through the breaker (for background work,
 * where waiting costs no request), failing with "Command timed out" after CACHE_REDIS_TIMEOUT_MS.
 * @template T
 * @param {(redis: Redis) => Promise<T>} command
 * @returns {Promise<T>}
 */
export async function askCacheRedis(command) {
  return withinDeadline(command(await cacheRedis()), COMMAND_TIMEOUT_MS);
}

export async function closeCacheConnection() {
  const global = /** @type {Record<symbol, ClientState | undefined>} */ (/** @type {unknown} */ (globalThis));
  const current = global[CLIENT];
  global[CLIENT] = undefined;
  if (!current) return;
  await current.redis.quit().catch(() => current.redis.disconnect());
}

/**
 * Log a Redis failure once per outage (and at most every 30 s), not once per request.
 * @param {unknown} error
 * @param {string} [message]
 */
export function reportError(error, message = 'redis cache unavailable: serving without it') {
  const global = /** @type {Record<symbol, ClientState | undefined>} */ (/** @type {unknown} */ (globalThis));
  const current = global[CLIENT];
  if (current) {
    const firstOfOutage = current.healthy;
    current.healthy = false;
    if (!firstOfOutage && Date.now() - current.lastWarning < 30_000) return;
    current.lastWarning = Date.now();
  }
  log.warn({ err: error }, message);
}

// ---------------------------------------------------------------------------------------------
// Entries

/**
 * @param {string} key
 * @returns {Promise<any>} the stored object, or null
 */
export async function readEntry(key) {
  const text = await withCacheRedis((redis) => redis.get(key));
  return text === null ? null : deserialize(text);
}

/**
 * @param {string} key
 * @param {unknown} entry
 * @param {number | undefined} ttlSeconds  capped at MAX_TTL_SECONDS
 */
export async function writeEntry(key, entry, ttlSeconds) {
  const ttl = Math.max(
    1,
    Math.min(Math.ceil(ttlSeconds && Number.isFinite(ttlSeconds) && ttlSeconds > 0 ? ttlSeconds : MAX_TTL_SECONDS), MAX_TTL_SECONDS),
  );
  const text = serialize(entry);
  await withCacheRedis((redis) => redis.set(key, text, 'EX', ttl));
}
