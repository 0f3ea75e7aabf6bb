// @ts-check
/**
 * The shared cache of several instances (lib/cache/incremental-cache-handler.mjs with REDIS_URL):
 * one connection per process, the key layout, entry serialisation, and the tag invalidation times
 * every instance reads (the handler, the front cache of server/serve.mjs, and commands that
 * publish without a server: lib/reader/film-cache.ts).
 *
 * Keys (prefix: CACHE_KEY_PREFIX, default "film-cms"):
 *   {prefix}:tags                      hash: tag → time (ms) of its last invalidation; never expires
 *   {prefix}:isr:{buildId}:{cacheKey}  page / route / data cache entry (cacheHandler); has a TTL
 *
 * An entry is out of date when any of its tags (or the soft tags of the request reading it) was
 * invalidated at or after the entry was written. Comparing times, rather than deleting the tagged
 * entries, makes an invalidation one HSET that every instance sees on its next read, with no
 * index of entries per tag to keep consistent. Instances need synchronised clocks (NTP), as they do
 * for Next's own tag model.
 *
 * Redis trouble never fails a request: reads count as misses, writes are dropped, and an
 * invalidation that could not be written is retried when the connection is back.
 */
import { Redis } from 'ioredis';
import { rootLogger } from '../log/logger.mjs';
import { onShutdown } from '../ops/shutdown.mjs';

const CLIENT = Symbol.for('film-cms.cache-redis');
const PENDING_TAGS = Symbol.for('film-cms.cache-pending-tags');

/** Entries live at most this long (seconds): a bound on the store, whatever the entry asks for. */
export const MAX_TTL_SECONDS = positiveInt(process.env.CACHE_MAX_TTL_SECONDS, 14 * 24 * 3600);
/** A cache read waits this long for Redis before it counts as a miss (ms). */
const COMMAND_TIMEOUT_MS = positiveInt(process.env.CACHE_REDIS_TIMEOUT_MS, 500);

/** @param {string | undefined} value @param {number} fallback */
function positiveInt(value, fallback) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const log = rootLogger().child({ component: 'cache' });

/** REDIS_URL, when set and not empty (compose passes unset variables as ""). */
export function redisUrl() {
  return process.env.REDIS_URL?.trim() || undefined;
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
  return (process.env.CACHE_KEY_PREFIX?.trim() || 'film-cms').replace(/:+$/, '');
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
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    connectionName: 'film-cms-cache',
  });
  /** @type {ClientState} */
  const created = {
    redis,
    url,
    healthy: false,
    lastWarning: 0,
    // The first connection, which the first requests after a start wait for (briefly).
    connected: new Promise((resolve) => {
      redis.once('ready', () => resolve(true));
      setTimeout(() => resolve(false), COMMAND_TIMEOUT_MS).unref();
    }),
  };
  redis.on('ready', () => {
    if (!created.healthy) log.info('redis cache connected');
    created.healthy = true;
    void flushPendingInvalidations();
  });
  redis.on('error', (error) => reportError(error, 'redis cache connection failed'));
  redis.on('end', () => {
    created.healthy = false;
  });
  global[CLIENT] = created;
  onShutdown('redis cache', () => closeCacheConnection());
  return created;
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
// Tags

/** @returns {Map<string, number>} invalidations not yet written, by tag */
function pendingInvalidations() {
  const global = /** @type {Record<symbol, Map<string, number>>} */ (/** @type {unknown} */ (globalThis));
  global[PENDING_TAGS] ??= new Map();
  return global[PENDING_TAGS];
}

/**
 * Record that `tags` were invalidated now. Next calls this when the request that invalidated (a
 * publish) finishes, and the HSET is written to the socket within microtasks, ahead of that
 * request's response: a request another instance gets after that response sees it.
 * @param {string[]} tags
 * @param {number} [at]
 */
export async function recordInvalidation(tags, at = Date.now()) {
  if (tags.length === 0) return;
  const fields = tags.flatMap((tag) => [tag, String(at)]);
  try {
    await (await cacheRedis()).hset(tagsKey(), ...fields);
  } catch (error) {
    // Kept and written when Redis is back: until then every read is a miss anyway, and afterwards
    // the entries written before this invalidation must not come back to life.
    const pending = pendingInvalidations();
    for (const tag of tags) pending.set(tag, Math.max(pending.get(tag) ?? 0, at));
    reportError(error, 'redis cache: could not record a tag invalidation; will retry when Redis is back');
  }
}

async function flushPendingInvalidations() {
  const pending = pendingInvalidations();
  if (pending.size === 0) return;
  const entries = [...pending.entries()];
  try {
    // HSET keeps the later time when another instance invalidated the same tag since.
    const redis = await cacheRedis();
    const current = await redis.hmget(tagsKey(), ...entries.map(([tag]) => tag));
    const fields = entries.flatMap(([tag, at], i) => (Number(current[i] ?? 0) >= at ? [] : [tag, String(at)]));
    if (fields.length > 0) await redis.hset(tagsKey(), ...fields);
    for (const [tag, at] of entries) if (pending.get(tag) === at) pending.delete(tag);
    log.info({ tags: entries.map(([tag]) => tag) }, 'redis cache: wrote tag invalidations made while it was away');
  } catch (error) {
    reportError(error);
  }
}

/**
 * The latest invalidation time (ms) of any of `tags`, 0 when none was invalidated. Throws when
 * Redis can't answer: callers then treat the entry as a miss.
 * @param {string[]} tags
 */
export async function latestInvalidation(tags) {
  const unique = [...new Set(tags)].filter(Boolean);
  if (unique.length === 0) return 0;
  const times = await (await cacheRedis()).hmget(tagsKey(), ...unique);
  let latest = 0;
  for (const time of times) if (time !== null) latest = Math.max(latest, Number(time));
  // Invalidations this instance made while Redis was away count too.
  const pending = pendingInvalidations();
  for (const tag of unique) latest = Math.max(latest, pending.get(tag) ?? 0);
  return latest;
}

// ---------------------------------------------------------------------------------------------
// Entries

/**
 * JSON that keeps binary data and Maps: cache values hold Buffers (RSC payloads, route bodies)
 * and Maps (segment data), which plain JSON would turn into objects Next can't use.
 * @param {unknown} value
 */
export function serialize(value) {
  return JSON.stringify(value, function replacer(key, val) {
    // `this[key]` is the value before toJSON (Buffer.toJSON would hide that it was a Buffer).
    const original = /** @type {Record<string, unknown>} */ (this)[key];
    if (original instanceof Uint8Array) return { $binary: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64') };
    if (original instanceof Map) return { $map: [...original.entries()] };
    return val;
  });
}

/** @param {string} text */
export function deserialize(text) {
  return JSON.parse(text, (_key, val) => {
    if (val && typeof val === 'object' && !Array.isArray(val)) {
      const keys = Object.keys(val);
      if (keys.length === 1 && typeof val.$binary === 'string') return Buffer.from(val.$binary, 'base64');
      if (keys.length === 1 && Array.isArray(val.$map)) return new Map(val.$map);
    }
    return val;
  });
}

/**
 * @param {string} key
 * @returns {Promise<any>} the stored object, or null
 */
export async function readEntry(key) {
  const text = await (await cacheRedis()).get(key);
  return text === null ? null : deserialize(text);
}

/**
 * @param {string} key
 * @param {unknown} entry
 * @param {number | undefined} ttlSeconds  capped at MAX_TTL_SECONDS
 */
export async function writeEntry(key, entry, ttlSeconds) {
  const ttl = Math.max(1, Math.min(Math.ceil(ttlSeconds && Number.isFinite(ttlSeconds) && ttlSeconds > 0 ? ttlSeconds : MAX_TTL_SECONDS), MAX_TTL_SECONDS));
  await (await cacheRedis()).set(key, serialize(entry), 'EX', ttl);
}
