// @ts-check
/**
 * The cache of an instance without Redis (one instance, development, tests, `next build`): page,
 * route and data cache entries in this process's memory, least recently used out first. Whether an
 * entry is still valid is decided by lib/cache/tag-versions.mjs, as for the shared store.
 *
 * Nothing outlives the process, on purpose. The database may change while the server is down (a
 * publish by the import command or by another server), and nothing would tell a cache on disk:
 * Next's own file-system cache kept pages and 404s across restarts while its record of
 * invalidated tags lived in memory only, so a restart served them stale. A restart costs one
 * render per page asked for again.
 *
 * Pages and route answers (sitemaps) are kept gzip-compressed (entry-codec.mjs): a film page's
 * HTML and RSC payload take about a fifth, so the budget holds about five times the pages; a read
 * inflates them (under a millisecond for a film page), and most repeated page requests are answered
 * by the server's front cache before Next reads this at all. Data entries are small and kept as they are.
 *
 * The state hangs on globalThis: Next and the server wrapper's front cache (server/front-cache.mjs)
 * may load this module separately, and must see the same entries.
 */
import { boundedCache } from './bounded-cache.mjs';
import { pack, unpack } from './entry-codec.mjs';

const STATE = Symbol.for('film-cms.cache-memory');

/** Next's default for its in-memory cache (`cacheMaxMemorySize`), used when it passes none. */
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

/**
 * @typedef {{ lastModified: number, asOf: string, value: unknown, tags: string[], cacheControl?: unknown }} Entry
 * @typedef {Entry & { packed?: Buffer }} Kept an entry as kept: a page's or route's value packed, `value` then null
 * @typedef {{ entries: import('lru-cache').LRUCache<string, Kept> }} State
 */

/**
 * The process's store, created on first use with room for `maxBytes` (the first caller's wish wins).
 * @param {number | undefined} [maxBytes]
 * @returns {State}
 */
function state(maxBytes) {
  const global = /** @type {Record<symbol, State | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[STATE] ??= {
    entries: boundedCache('page', {
      holds: "Next's page and data cache without Redis (lib/cache/memory-store.mjs)",
      maxBytes: maxBytes && maxBytes > 0 ? maxBytes : DEFAULT_MAX_BYTES,
      sizeOf: (entry, key) => (entry.packed ? entry.packed.length : sizeOf(entry.value)) + sizeOf(entry.tags) + 2 * key.length,
    }),
  };
  return global[STATE];
}

/**
 * Roughly how many bytes a cache value holds: its strings and binary parts (HTML, RSC payloads,
 * segment data, JSON bodies). Enough to bound the store; not an exact heap size.
 * @param {unknown} value
 * @param {number} [depth]
 * @returns {number}
 */
export function sizeOf(value, depth = 0) {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value === null || typeof value !== 'object' || depth > 8) return 8;
  let size = 0;
  if (value instanceof Map) for (const [key, item] of value) size += sizeOf(key, depth + 1) + sizeOf(item, depth + 1);
  else for (const item of Object.values(value)) size += sizeOf(item, depth + 1);
  return size;
}

/**
 * @param {string} key
 * @param {number} [maxBytes] room for entries, when this call creates the store
 * @returns {Entry | null}
 */
export function readEntry(key, maxBytes) {
  const kept = state(maxBytes).entries.get(key);
  if (!kept) return null;
  const { packed, ...entry } = kept;
  // A copy each time, as from Redis: what Next does to the value it gets does not change the entry.
  return packed ? { ...entry, value: unpack(packed) } : entry;
}

/** @param {unknown} value @returns {boolean} a page (HTML and RSC) or a route's answer */
const isLarge = (value) => {
  const kind = value && typeof value === 'object' ? /** @type {{ kind?: unknown }} */ (value).kind : undefined;
  return kind === 'APP_PAGE' || kind === 'APP_ROUTE';
};

/**
 * @param {string} key
 * @param {Entry} entry
 * @param {number} [maxBytes] room for entries, when this call creates the store
 */
export function writeEntry(key, entry, maxBytes) {
  state(maxBytes).entries.set(key, isLarge(entry.value) ? { ...entry, value: null, packed: pack(entry.value) } : entry);
}
