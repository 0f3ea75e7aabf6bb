// @ts-check
/**
 * Next.js `cacheHandlers` (next.config.js, kinds `default` and `remote`): entries of `'use cache'`
 * functions and components, shared through Redis when REDIS_URL is set, with the same tag times as
 * the page cache (lib/cache/redis-store.mjs). Without REDIS_URL, and during `next build`, Next's
 * own in-memory handler is used unchanged.
 *
 * Written against the documented CacheHandler interface (get / set / refreshTags / getExpiration /
 * updateTags; see node_modules/next/dist/docs/01-app/03-api-reference/05-config/
 * 01-next-config-js/cacheHandlers.md). The app does not use `'use cache'` today (no
 * cacheComponents); this keeps such entries shared the day it does.
 */
import { createRequire } from 'node:module';
import { MAX_TTL_SECONDS, keyPrefix, latestInvalidation, readEntry, recordInvalidation, reportError, sharedCacheEnabled, writeEntry } from './redis-store.mjs';

/** @typedef {import('next/dist/server/lib/cache-handlers/types').CacheHandler} CacheHandler */
/** @typedef {import('next/dist/server/lib/cache-handlers/types').CacheEntry} CacheEntry */

const require = createRequire(import.meta.url);

/** Next's default size for its in-memory handler (cacheMaxMemorySize). */
const DEFAULT_MEMORY_SIZE = 50 * 1024 * 1024;

/** @param {Uint8Array} bytes */
function streamOf(bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** @param {ReadableStream<Uint8Array>} stream */
async function bytesOf(stream) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** @returns {CacheHandler} */
function createRedisHandler() {
  const scope = () => `${keyPrefix()}:uc:`;
  /** Sets in progress in this process: a get for the same key waits for them (the contract). */
  /** @type {Map<string, Promise<void>>} */
  const pendingSets = new Map();

  return {
    async get(cacheKey, softTags) {
      await pendingSets.get(cacheKey);
      try {
        const stored = await readEntry(scope() + cacheKey);
        if (!stored) return undefined;
        if ((await latestInvalidation([...stored.tags, ...softTags])) >= stored.timestamp) return undefined;
        // Next checks `expire` and `revalidate` against `timestamp` itself.
        return { ...stored, value: streamOf(stored.value) };
      } catch (error) {
        reportError(error);
        return undefined;
      }
    },

    async set(cacheKey, pendingEntry) {
      /** @type {() => void} */
      let done = () => {};
      pendingSets.set(cacheKey, new Promise((resolve) => (done = () => resolve(undefined))));
      try {
        const entry = await pendingEntry;
        // expire 0: a dynamic entry, not worth storing (as Next's own handler does).
        if (entry.expire === 0) return;
        // The stream is consumed here, once; a stream that fails midway leaves nothing stored.
        const value = await bytesOf(entry.value);
        const { value: _stream, ...meta } = entry;
        await writeEntry(scope() + cacheKey, { ...meta, value }, Math.min(entry.expire, MAX_TTL_SECONDS));
      } catch (error) {
        reportError(error);
      } finally {
        pendingSets.delete(cacheKey);
        done();
      }
    },

    // Tag times are read from Redis on each get / getExpiration: nothing to sync ahead.
    async refreshTags() {},

    async getExpiration(tags) {
      try {
        return await latestInvalidation(tags);
      } catch (error) {
        reportError(error);
        // Unknown: a get will miss as well (it can't reach Redis either).
        return 0;
      }
    },

    // With or without a stale-while-revalidate profile: expired now, on every instance.
    async updateTags(tags) {
      await recordInvalidation(tags);
    },
  };
}

/** @type {CacheHandler} */
const handler = sharedCacheEnabled()
  ? createRedisHandler()
  : require('next/dist/server/lib/cache-handlers/default.js').createDefaultCacheHandler(DEFAULT_MEMORY_SIZE);

export default handler;
