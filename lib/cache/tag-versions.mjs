// @ts-check
/**
 * Cache validity by version, not by clock: the one record every cache of the reader site consults
 * (Next's cache handler, the front cache of server/serve.mjs, the search results, the memory of
 * published addresses).
 *
 * One counter, the version, goes up by one on every invalidation; each tag remembers the version
 * that last invalidated it. A cache reads the version when a request STARTS, before anything is
 * read from the database, and stores it with what the request produces (`asOf`). The entry is
 * valid while none of its tags was invalidated after that. A publish commits, then invalidates; so
 * a render that started before the invalidation is never used after it, however long the render
 * took, and no wall-clock time of any process is compared with another's.
 *
 * Why one counter and not one per tag: a page's tags are known only once it is rendered, too late
 * to read their versions "at the start"; the single counter is read before anything is known and
 * orders every invalidation against it.
 *
 * A counter can only be trusted while it never goes backwards, and Redis may lose it (a restart
 * without persistence, FLUSHALL, eviction or deletion of the key, a failover). So the version is
 * a stamp `{epoch}.{n}`: the epoch is a random name of one unbroken history of the counter, kept
 * in the same hash as the counter and the tags' versions, so all three are lost together or not at
 * all. Whoever finds the hash without an epoch starts a new one; an entry is valid only in the
 * epoch it was stamped in. A history that went backwards without losing the hash (a lagging
 * replica promoted) is caught by each process's high-water mark: an answer with a lower counter
 * than this process already saw in that epoch starts a new epoch (checked on every read and write
 * and when the connection comes back), so every entry stamped before is invalid everywhere.
 *
 * - With REDIS_URL (lib/cache/redis-store.mjs): the hash `{prefix}:validity` (`#epoch`,
 *   `#version`, `t:{tag}` → n), written by Lua scripts (atomic), read with HMGET, shared by every
 *   instance. It has no TTL, so `volatile-*` eviction never takes it (docs/deploy.md).
 * - Without: this process's memory, on globalThis (Next's bundles and serve.mjs may load this
 *   module separately and must see one record); its epoch is the process's own.
 *
 * Redis trouble: a read that fails throws (callers count a miss and store nothing; the front
 * cache decides from this process's own record instead, see isCurrent); an invalidation that could
 * not be written is kept here and makes every entry with that tag a miss on this instance; a
 * background retry writes it within a second of Redis answering again, whether or not this
 * instance gets requests.
 */
import { randomBytes } from 'node:crypto';
import { boundedCache } from './bounded-cache.mjs';
import { onBreakerClose } from './redis-breaker.mjs';
import { noteInvalidated } from '../metrics/publish-visibility.mjs';
import { askCacheRedis, keyPrefix, onReconnect, reportError, sharedCacheEnabled, withCacheRedis } from './redis-store.mjs';

const MEMORY = Symbol.for('film-cms.tag-versions');
const PENDING = Symbol.for('film-cms.tag-versions-pending');
const WRITTEN = Symbol.for('film-cms.tag-versions-written');
const SEEN = Symbol.for('film-cms.tag-versions-seen');
const PAGE_TAGS = Symbol.for('film-cms.page-tags');
/**
 * Room for the tags of pages (per process; the least recently used go first). A film page has
 * about 700 bytes of them (Next's implicit tags, the film's, each credited person's): ~34,000
 * pages, more than the front cache's 256 MB holds (about 18,000 film pages of 14 kB compressed);
 * a page whose tags were let go is not stored there.
 */
const PAGE_TAGS_BYTES = 24 * 1024 * 1024;
/** How often invalidations Redis missed are offered to it again, with or without traffic (ms). */
const PENDING_RETRY_MS = 500;

/**
 * A version: the epoch (a history of the counter) and the counter in it.
 * @typedef {{ epoch: string, n: number }} Version
 * @typedef {{ epoch: string, version: number, tags: Map<string, number> }} MemoryVersions
 */

/** @returns {string} a new epoch's name (base64url: never contains the stamp's dot) */
const newEpoch = () => randomBytes(9).toString('base64url');

/** @param {Version} version @returns {string} the stamp stored with cache entries */
const stampOf = ({ epoch, n }) => `${epoch}.${n}`;

/** @param {unknown} stamp @returns {Version | null} */
function parseStamp(stamp) {
  if (typeof stamp !== 'string') return null;
  const dot = stamp.lastIndexOf('.');
  const n = Number(stamp.slice(dot + 1));
  return dot > 0 && Number.isSafeInteger(n) ? { epoch: stamp.slice(0, dot), n } : null;
}

/**
 * @template T
 * @param {symbol} key @param {() => T} create
 * @returns {T}
 */
function processState(key, create) {
  const global = /** @type {Record<symbol, T | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[key] ??= create();
  return global[key];
}

/** @returns {MemoryVersions} */
const memory = () => processState(MEMORY, () => ({ epoch: newEpoch(), version: 0, tags: new Map() }));
/** @returns {Map<string, Version>} tag → the version this process last wrote to Redis for it */
const written = () => processState(WRITTEN, () => new Map());
/**
 * What this process could not write to Redis, kept until it can: tags invalidated here and the
 * highest write position recorded here (0: none).
 * @returns {{ tags: Set<string>, position: number, timer: NodeJS.Timeout | null }}
 */
const pending = () => processState(PENDING, () => ({ tags: new Set(), position: 0, timer: null }));
/** @returns {{ version: Version | null }} the highest version this process saw Redis answer, in the latest epoch it saw */
const seen = () => processState(SEEN, () => ({ version: null }));

export const validityKey = () => `${keyPrefix()}:validity`;
const EPOCH_FIELD = '#epoch';
const VERSION_FIELD = '#version';
/** @param {string} tag */
const tagField = (tag) => `t:${tag}`;

/*
 * Shared by the scripts: the epoch of KEYS[1], a new one (ARGV[1]) when there is none, or when
 * it is the epoch this process saw (ARGV[2]) with a counter lower than it saw there (ARGV[3]):
 * that history went backwards, and nothing stamped in it may be trusted.
 */
const EPOCH_LUA = `local e = redis.call('HGET', KEYS[1], '${EPOCH_FIELD}')
local n = tonumber(redis.call('HGET', KEYS[1], '${VERSION_FIELD}') or '0')
if (not e) or (e == ARGV[2] and n < tonumber(ARGV[3])) then
  e = ARGV[1]
  redis.call('HSET', KEYS[1], '${EPOCH_FIELD}', e)
end
`;
// The version now: { epoch, n }.
const READ_SCRIPT = `${EPOCH_LUA}return {e, n}`;
// ARGV[4…] the tags: one new version for all of them.
const INVALIDATE_SCRIPT = `${EPOCH_LUA}n = redis.call('HINCRBY', KEYS[1], '${VERSION_FIELD}', 1)
for i = 4, #ARGV do redis.call('HSET', KEYS[1], 't:' .. ARGV[i], n) end
return {e, n}`;

/** The scripts' ARGV[1..3]: a candidate epoch and this process's high-water mark. */
function epochArgs() {
  const mark = seen().version;
  return [newEpoch(), mark?.epoch ?? '', String(mark?.n ?? 0)];
}

/**
 * Records what Redis answered; false when it is lower than what this process saw in that epoch
 * (the scripts start a new epoch then; a plain read cannot, so its caller treats it as a miss).
 * @param {Version} version
 */
function observe(version) {
  const state = seen();
  const mark = state.version;
  if (mark && mark.epoch === version.epoch && version.n < mark.n) return false;
  if (!mark || mark.epoch !== version.epoch || version.n > mark.n) state.version = version;
  return true;
}

/** @param {unknown} reply @returns {Version} */
function versionOf(reply) {
  const [epoch, n] = /** @type {[string, number | string]} */ (reply);
  return { epoch: String(epoch), n: Number(n) };
}

/**
 * @param {import('ioredis').Redis} redis
 * @param {string} script
 * @param {string[]} [tags]
 * @returns {Promise<Version>}
 */
async function runScript(redis, script, tags = []) {
  const version = versionOf(await redis.eval(script, 1, validityKey(), ...epochArgs(), ...tags));
  observe(version);
  return version;
}

/**
 * The version now, as a stamp: read when a request starts, stored with what it produces.
 * @returns {Promise<string>}
 */
export async function currentVersion() {
  if (!sharedCacheEnabled()) {
    const { epoch, version } = memory();
    return stampOf({ epoch, n: version });
  }
  return stampOf(await withCacheRedis((redis) => runScript(redis, READ_SCRIPT)));
}

/**
 * The version that last invalidated any of `tags` (n 0: none in this epoch), or null when the
 * record cannot be trusted (Redis's counter went backwards). Throws when Redis cannot be asked.
 * @param {string[]} tags
 * @returns {Promise<Version | null>}
 */
async function latestOf(tags) {
  const unique = [...new Set(tags)].filter(Boolean);
  if (!sharedCacheEnabled()) {
    const { epoch, tags: versions } = memory();
    let n = 0;
    for (const tag of unique) n = Math.max(n, versions.get(tag) ?? 0);
    return { epoch, n };
  }
  const waiting = pending().tags;
  if (waiting.size > 0 && unique.some((tag) => waiting.has(tag))) return null;
  const [epoch, counter, ...versions] = await withCacheRedis((redis) =>
    redis.hmget(validityKey(), EPOCH_FIELD, VERSION_FIELD, ...unique.map(tagField)),
  );
  // No epoch: the record is gone (flushed, evicted, deleted); the next script starts a new one.
  if (epoch === null) return null;
  if (!observe({ epoch, n: Number(counter ?? 0) })) {
    // Lower than this process saw: start a new epoch now rather than at the next request's start.
    void withCacheRedis((redis) => runScript(redis, READ_SCRIPT)).catch(() => {});
    return null;
  }
  let n = 0;
  for (const version of versions) if (version !== null) n = Math.max(n, Number(version));
  return { epoch, n };
}

/**
 * A token that changes whenever any of `tags` is invalidated (or the record's epoch changes): a
 * key for what is computed from them (the search results, the published addresses). Throws when
 * Redis cannot be asked.
 * @param {string[]} tags
 * @returns {Promise<string>}
 */
export async function tagsVersion(tags) {
  const latest = await latestOf(tags);
  // An untrusted record: a token nothing was stored under.
  return latest ? stampOf(latest) : `untrusted-${newEpoch()}`;
}

/**
 * Whether an entry stored with the stamp `asOf` and these tags is still valid: stamped in the
 * record's current epoch, and none of its tags invalidated after it.
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
  const stamp = parseStamp(asOf);
  if (!stamp) return false;
  try {
    const latest = await latestOf(tags);
    return latest !== null && latest.epoch === stamp.epoch && latest.n <= stamp.n;
  } catch (error) {
    if (whenUnreachable !== 'local' || !sharedCacheEnabled()) throw error;
    if (seen().version?.epoch !== stamp.epoch) return false;
    const waiting = pending().tags;
    const mine = written();
    for (const tag of tags) {
      const wrote = mine.get(tag);
      if (waiting.has(tag) || (wrote && (wrote.epoch !== stamp.epoch || wrote.n > stamp.n))) return false;
    }
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
    noteInvalidated(unique);
    return;
  }
  try {
    const version = await withCacheRedis((redis) => runScript(redis, INVALIDATE_SCRIPT, unique));
    // This process's own record of what it invalidated, for isCurrent while Redis is away.
    for (const tag of unique) written().set(tag, version);
    // For publish-to-visible (cms_publish_visible_seconds): from here, this instance serves it fresh.
    noteInvalidated(unique);
  } catch (error) {
    noteInvalidated(unique);
    for (const tag of unique) pending().tags.add(tag);
    retryPendingSoon();
    reportError(error, 'redis cache: could not record a tag invalidation; will retry when Redis is back');
  }
}

/**
 * Writes the invalidations and the write position Redis missed. Asks Redis directly, not through
 * the circuit breaker: this runs in the background, where waiting out a timeout costs no request,
 * and it must not wait for the breaker's next probe either.
 */
async function flushPending() {
  const state = pending();
  try {
    if (state.tags.size > 0) {
      const tags = [...state.tags];
      const version = await askCacheRedis((redis) => runScript(redis, INVALIDATE_SCRIPT, tags));
      for (const tag of tags) {
        written().set(tag, version);
        state.tags.delete(tag);
      }
    }
    const position = state.position;
    if (position > 0) {
      await askCacheRedis((redis) => redis.eval(RAISE_SCRIPT, 1, writePositionKey(), String(position)));
      if (state.position === position) state.position = 0;
    }
  } catch {
    // Still away: the timer tries again.
  }
}

/** Offers what Redis missed to it every PENDING_RETRY_MS until it is written. */
function retryPendingSoon() {
  const state = pending();
  if (state.timer) return;
  state.timer = setInterval(() => {
    if (state.tags.size === 0 && state.position === 0) {
      clearInterval(/** @type {NodeJS.Timeout} */ (state.timer));
      state.timer = null;
      return;
    }
    void flushPending();
  }, PENDING_RETRY_MS);
  state.timer.unref();
}

/**
 * When the connection comes back (perhaps to a Redis that lost its data, or to a promoted
 * replica): the missed invalidations are written, and the record is read with this process's
 * high-water mark, which starts a new epoch if the counter went backwards.
 */
async function onRedisBack() {
  await flushPending();
  if (seen().version) await askCacheRedis((redis) => runScript(redis, READ_SCRIPT)).catch(() => {});
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
 * replayed this far. With REDIS_URL every instance reads it. Never throws: the write has
 * committed, and failing its request would invite a second one. A position Redis missed stays
 * known here and is written when Redis answers again (every PENDING_RETRY_MS); meanwhile other
 * instances whose Redis is away read their primary (requiredWritePosition throws).
 * @param {number} position
 */
export async function recordWritePosition(position) {
  const local = writePositionMemory();
  local.position = Math.max(local.position, position);
  if (!sharedCacheEnabled()) return;
  try {
    await withCacheRedis((redis) => redis.eval(RAISE_SCRIPT, 1, writePositionKey(), String(position)));
  } catch (error) {
    const state = pending();
    state.position = Math.max(state.position, position);
    retryPendingSoon();
    reportError(error, 'redis cache: could not record a write position; will retry when Redis is back');
  }
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

onReconnect(onRedisBack);
onBreakerClose(flushPending);
