// @ts-check
/**
 * Cache validity by version, not by clock: the one record every cache of the reader site consults
 * (Next's cache handler, the front cache of server/serve.mjs, the search results, the memory of
 * published addresses).
 *
 * One counter, the version, goes up by one on every invalidation; each tag remembers the version
 * that last invalidated it (0: never). A cache reads the version when a request STARTS, before
 * anything is read from the database, and stores it with what the request produces (`asOf`). The
 * entry is valid while none of its tags was invalidated after that: `latestTagVersion(tags) <=
 * asOf`. A publish commits, then invalidates; so a render that started before the invalidation has
 * a lower `asOf` than it and is never used after it, however long the render took, and no
 * wall-clock time of any process is compared with another's.
 *
 * Why one counter and not one per tag: a page's tags are known only once it is rendered, too late
 * to read their versions "at the start"; the single counter is read before anything is known and
 * orders every invalidation against it.
 *
 * - With REDIS_URL (lib/cache/redis-store.mjs): `{prefix}:version` (INCR) and the hash
 *   `{prefix}:tag-versions` (tag → version), written together by one Lua script (atomic), read with
 *   GET / HMGET, shared by every instance.
 * - Without: this process's memory, on globalThis (Next's bundles and serve.mjs may load this
 *   module separately and must see one record).
 *
 * Redis trouble: a read that fails throws (callers count a miss and store nothing; the front
 * cache decides from this process's own record instead, see isCurrent); an invalidation that could
 * not be written is kept here and makes every entry with that tag a miss on this instance until it
 * is written when Redis is back (reconnected, or the circuit breaker of redis-breaker.mjs closed).
 */
import { boundedCache } from './bounded-cache.mjs';
import { onBreakerClose } from './redis-breaker.mjs';
import { keyPrefix, onReconnect, reportError, sharedCacheEnabled, withCacheRedis } from './redis-store.mjs';

const MEMORY = Symbol.for('film-cms.tag-versions');
const PENDING = Symbol.for('film-cms.tag-versions-pending');
const WRITTEN = Symbol.for('film-cms.tag-versions-written');
const PAGE_TAGS = Symbol.for('film-cms.page-tags');
/**
 * Room for the tags of pages (per process; the least recently used go first). A film page has
 * about 700 bytes of them (Next's implicit tags, the film's, each credited person's): ~34,000
 * pages, more than the front cache's 256 MB holds (about 18,000 film pages of 14 kB compressed);
 * a page whose tags were let go is not stored there.
 */
const PAGE_TAGS_BYTES = 24 * 1024 * 1024;

/** @typedef {{ version: number, tags: Map<string, number> }} MemoryVersions */

/** @returns {MemoryVersions} */
function memory() {
  const global = /** @type {Record<symbol, MemoryVersions | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[MEMORY] ??= { version: 0, tags: new Map() };
  return global[MEMORY];
}

/** @returns {Map<string, number>} tag → the version this process last wrote to Redis for it */
function written() {
  const global = /** @type {Record<symbol, Map<string, number> | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[WRITTEN] ??= new Map();
  return global[WRITTEN];
}

/** @returns {Set<string>} tags invalidated here while Redis could not be written */
function pending() {
  const global = /** @type {Record<symbol, Set<string> | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[PENDING] ??= new Set();
  return global[PENDING];
}

export const versionKey = () => `${keyPrefix()}:version`;
export const tagVersionsKey = () => `${keyPrefix()}:tag-versions`;

// KEYS[1] the version, KEYS[2] the tags' hash; ARGV the tags. One new version for all of them.
const INVALIDATE_SCRIPT = `local v = redis.call('INCR', KEYS[1])
for i = 1, #ARGV do redis.call('HSET', KEYS[2], ARGV[i], v) end
return v`;

/**
 * The version now: read when a request starts, stored with what it produces.
 * @returns {Promise<number>}
 */
export async function currentVersion() {
  if (!sharedCacheEnabled()) return memory().version;
  const value = await withCacheRedis((redis) => redis.get(versionKey()));
  return Number(value ?? 0);
}

/**
 * The version that last invalidated any of `tags` (0: none ever was). An entry stored with
 * `asOf` is valid while this is <= asOf.
 * @param {string[]} tags
 * @returns {Promise<number>}
 */
export async function latestTagVersion(tags) {
  const unique = [...new Set(tags)].filter(Boolean);
  if (unique.length === 0) return 0;
  if (!sharedCacheEnabled()) {
    const { tags: versions } = memory();
    let latest = 0;
    for (const tag of unique) latest = Math.max(latest, versions.get(tag) ?? 0);
    return latest;
  }
  const waiting = pending();
  if (waiting.size > 0 && unique.some((tag) => waiting.has(tag))) return Number.POSITIVE_INFINITY;
  const versions = await withCacheRedis((redis) => redis.hmget(tagVersionsKey(), ...unique));
  let latest = 0;
  for (const version of versions) if (version !== null) latest = Math.max(latest, Number(version));
  return latest;
}

/**
 * Whether an entry stored with `asOf` and these tags is still valid.
 *
 * `whenUnreachable: 'local'` (the front cache): when Redis cannot be asked (down, or the circuit
 * breaker open), decide from what this process knows instead of throwing: the invalidations it
 * wrote itself (their versions) and those it could not write (pending). So a publish on this
 * instance still invalidates here at once, and the pages it did not touch keep being served while
 * Redis is away. A publish on another instance reaches this one when Redis answers again.
 * @param {string[]} tags
 * @param {unknown} asOf
 * @param {{ whenUnreachable?: 'throw' | 'local' }} [options]
 */
export async function isCurrent(tags, asOf, { whenUnreachable = 'throw' } = {}) {
  if (typeof asOf !== 'number') return false;
  try {
    return (await latestTagVersion(tags)) <= asOf;
  } catch (error) {
    if (whenUnreachable !== 'local' || !sharedCacheEnabled()) throw error;
    const waiting = pending();
    const mine = written();
    for (const tag of tags) if (waiting.has(tag) || (mine.get(tag) ?? 0) > asOf) return false;
    return true;
  }
}

/**
 * Invalidates `tags`: one new version, recorded for each of them.
 * @param {string[]} tags
 */
export async function invalidateTags(tags) {
  const unique = [...new Set(tags)].filter(Boolean);
  if (unique.length === 0) return;
  if (!sharedCacheEnabled()) {
    const state = memory();
    state.version += 1;
    for (const tag of unique) state.tags.set(tag, state.version);
    return;
  }
  try {
    const version = Number(await withCacheRedis((redis) => redis.eval(INVALIDATE_SCRIPT, 2, versionKey(), tagVersionsKey(), ...unique)));
    // This process's own record of what it invalidated, for isCurrent while Redis is away.
    for (const tag of unique) written().set(tag, version);
  } catch (error) {
    for (const tag of unique) pending().add(tag);
    reportError(error, 'redis cache: could not record a tag invalidation; will retry when Redis is back');
  }
}

// ---------------------------------------------------------------------------------------------
// The primary's write position, for read replicas (lib/db.ts)

const WRITE_POSITION = Symbol.for('film-cms.write-position');
export const writePositionKey = () => `${keyPrefix()}:write-position`;

// KEYS[1] the position; ARGV[1] a new one. Only ever raised (writes acknowledged out of order).
const RAISE_SCRIPT = `local n = tonumber(ARGV[1])
if n > tonumber(redis.call('GET', KEYS[1]) or '0') then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/** @returns {{ position: number }} */
function writePositionMemory() {
  const global = /** @type {Record<symbol, { position: number } | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[WRITE_POSITION] ??= { position: 0 };
  return global[WRITE_POSITION];
}

/**
 * Records the primary's WAL position (bytes, pg_current_wal_lsn()) after a write committed and
 * before it is acknowledged, beside the versions: a replica may answer a read only once it has
 * replayed this far. With REDIS_URL every instance reads it; a position Redis missed stays known
 * here, and other instances read their primary until Redis answers (requiredWritePosition throws).
 * @param {number} position
 */
export async function recordWritePosition(position) {
  const local = writePositionMemory();
  local.position = Math.max(local.position, position);
  if (!sharedCacheEnabled()) return;
  await withCacheRedis((redis) => redis.eval(RAISE_SCRIPT, 1, writePositionKey(), String(position)));
}

/**
 * The highest write position recorded by any instance (0: none yet). Throws when Redis cannot
 * be read: the caller then reads the primary.
 * @returns {Promise<number>}
 */
export async function requiredWritePosition() {
  const local = writePositionMemory().position;
  if (!sharedCacheEnabled()) return local;
  const shared = await withCacheRedis((redis) => redis.get(writePositionKey()));
  return Math.max(local, Number(shared ?? 0));
}

/** Writes the invalidations Redis missed, when the connection is back. */
async function flushPendingInvalidations() {
  const waiting = pending();
  if (waiting.size === 0) return;
  const tags = [...waiting];
  try {
    const version = Number(await withCacheRedis((redis) => redis.eval(INVALIDATE_SCRIPT, 2, versionKey(), tagVersionsKey(), ...tags)));
    for (const tag of tags) {
      written().set(tag, version);
      waiting.delete(tag);
    }
  } catch (error) {
    reportError(error);
  }
}

/** @returns {import('lru-cache').LRUCache<string, string[]>} */
function pageTags() {
  const global = /** @type {Record<symbol, import('lru-cache').LRUCache<string, string[]> | undefined>} */ (
    /** @type {unknown} */ (globalThis)
  );
  global[PAGE_TAGS] ??= boundedCache('page-tags', {
    holds: 'the tags of each page Next cached, for the front cache (lib/cache/tag-versions.mjs)',
    maxBytes: PAGE_TAGS_BYTES,
    sizeOf: (tags, pathname) => 2 * (pathname.length + tags.join(',').length) + 64,
  });
  return global[PAGE_TAGS];
}

/**
 * The tags of a page as Next's page cache last stored or served it (its data's tags and Next's
 * implicit ones), for the front cache of server/serve.mjs, which replays that page and must be
 * invalidated exactly when Next's entry is.
 * @param {string} pathname the page's cache key: the path Next rendered (after proxy.ts's rewrite)
 * @param {string[]} tags
 */
export function rememberPageTags(pathname, tags) {
  pageTags().set(pathname, tags);
}

/** @param {string} pathname @returns {string[] | null} null when this process has not seen it */
export function pageTagsOf(pathname) {
  return pageTags().get(pathname) ?? null;
}

onReconnect(flushPendingInvalidations);
onBreakerClose(flushPendingInvalidations);
