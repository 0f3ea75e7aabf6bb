// @ts-check
/**
 * Every in-process cache of the server is made here: an LRU (lru-cache) bounded by bytes, never by
 * a count of entries alone (a count bounds nothing when entries grow: a catalogue's pages, long
 * queries), registered by name so that one place reports each cache's size, entries and hit rate
 * (`cacheStats`, served by GET /api/v1/editor/cache-stats to admins). The budgets are in
 * docs/architecture.md's cache table.
 *
 * The registry hangs on globalThis: Next's bundles, its unbundled cache handler and serve.mjs load
 * their own copies of this module and report to one place.
 */
import { LRUCache } from 'lru-cache';
import { breakerStats } from './redis-breaker.mjs';

const REGISTRY = Symbol.for('film-cms.cache-registry');

/**
 * @typedef {{ holds: string, cache: { calculatedSize: number, size: number }, maxBytes: number, counts: { hits: number, misses: number } }} Registered
 */

/** @returns {Map<string, Registered>} */
function registry() {
  const global = /** @type {Record<symbol, Map<string, Registered> | undefined>} */ (/** @type {unknown} */ (globalThis));
  global[REGISTRY] ??= new Map();
  return global[REGISTRY];
}

/**
 * An LRU counting its hits and misses (`get`, `has`, `fetch`).
 * @template {{}} K
 * @template {{}} V
 * @template [FC=unknown]
 * @extends {LRUCache<K, V, FC>}
 */
class CountedCache extends LRUCache {
  counts = { hits: 0, misses: 0 };

  /** @type {LRUCache<K, V, FC>['get']} */
  get(key, options) {
    const value = super.get(key, options);
    if (value === undefined) this.counts.misses += 1;
    else this.counts.hits += 1;
    return value;
  }

  /** @type {LRUCache<K, V, FC>['has']} */
  has(key, options) {
    const found = super.has(key, options);
    if (found) this.counts.hits += 1;
    else this.counts.misses += 1;
    return found;
  }

  /**
   * @param {K} key
   * @param {any} [options]
   * @returns {Promise<V | undefined>}
   */
  async fetch(key, options = {}) {
    const status = options.status ?? {};
    const value = await super.fetch(key, /** @type {any} */ ({ ...options, status }));
    if (status.fetch === 'hit') this.counts.hits += 1;
    else this.counts.misses += 1;
    return value;
  }
}

/**
 * A cache of this process, at most `maxBytes` (each entry counted by `sizeOf`, at least 1).
 * Registered under `name`; a second cache of that name (a module loaded twice) replaces the first
 * in the report.
 * @template {{}} K
 * @template {{}} V
 * @template [FC=unknown]
 * @param {string} name
 * @param {{ holds: string, maxBytes: number, sizeOf: (value: V, key: K) => number, fetchMethod?: LRUCache.Fetcher<K, V, FC> }} options
 * @returns {LRUCache<K, V, FC>}
 */
export function boundedCache(name, { holds, maxBytes, sizeOf, fetchMethod }) {
  /** @type {CountedCache<K, V, FC>} */
  const cache = new CountedCache({
    maxSize: maxBytes,
    // An entry larger than the whole budget is not kept (lru-cache's default), not an error.
    maxEntrySize: maxBytes,
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
    ...(fetchMethod ? { fetchMethod } : {}),
  });
  registry().set(name, { holds, cache, maxBytes, counts: cache.counts });
  return cache;
}

/** Rough bytes of a string key or value (UTF-16 in the heap). */
export const stringBytes = (/** @type {string} */ text) => 2 * text.length;

/**
 * Each cache's bytes, budget, entries and hit rate since the process started, and the Redis
 * circuit breaker's state: the one report of the process's caches.
 */
export function cacheStats() {
  const caches = [...registry().entries()].map(([name, { holds, cache, maxBytes, counts }]) => {
    const lookups = counts.hits + counts.misses;
    return {
      name,
      holds,
      bytes: cache.calculatedSize,
      maxBytes,
      entries: cache.size,
      hits: counts.hits,
      misses: counts.misses,
      hitRate: lookups === 0 ? null : Number((counts.hits / lookups).toFixed(4)),
    };
  });
  // Where the memory is (V8's heap, Buffers outside it, the whole process), to tell a cache's
  // growth from a leak elsewhere.
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { caches, redisBreaker: breakerStats(), rssBytes: rss, memory: { rss, heapTotal, heapUsed, external, arrayBuffers } };
}
