// @ts-check
/**
 * Next.js `cacheHandler` (next.config.js): the page cache (ISR), route handler responses and the
 * data cache (`unstable_cache`, fetch).
 *
 * - With REDIS_URL (a running server, not `next build`): shared by every instance through Redis
 *   (lib/cache/redis-store.mjs), so a publish on one instance is seen by all on their next request.
 * - Without (one instance, development, tests, the build): in this process's memory
 *   (lib/cache/memory-store.mjs), so a restart starts empty and never serves what was cached
 *   before the database changed.
 *
 * Both keep entries with their tags and the invalidation version read when the request that
 * made them started (lib/cache/tag-versions.mjs): an entry is used while none of its tags was
 * invalidated since; no clock is compared. The choice is made when the server starts, not at build
 * time, so one image serves both set-ups.
 *
 * Written against the documented interface (get / set / revalidateTag / resetRequestCache; see
 * node_modules/next/dist/docs/01-app/03-api-reference/05-config/01-next-config-js/
 * incrementalCacheHandlerPath.md), without Next's private modules. Next loads this file
 * unbundled, hence plain JavaScript. Maintained handlers were considered: docs/architecture.md,
 * "The page cache".
 */
import fs from 'node:fs';
import path from 'node:path';
import * as memory from './memory-store.mjs';
import { keyPrefix, readEntry, reportError, sharedCacheEnabled, writeEntry } from './redis-store.mjs';
import { currentVersion, invalidateTags, isCurrent, rememberPageTags } from './tag-versions.mjs';
import { withStaticPagePolicy } from '../security/security-policy.mjs';
import { observeCacheLookup, observePublishVisible } from '../metrics/metrics.mjs';
import { takeVisible } from '../metrics/publish-visibility.mjs';

/** @typedef {import('next/dist/server/lib/incremental-cache').CacheHandler} NextCacheHandler */
/** @typedef {import('next/dist/server/lib/incremental-cache').CacheHandlerContext} CacheHandlerContext */
/** @typedef {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} CacheHandlerValue */
/** @typedef {Parameters<NextCacheHandler['get']>[1]} GetContext */
/** @typedef {Parameters<NextCacheHandler['set']>[1]} SetData */
/** @typedef {Parameters<NextCacheHandler['set']>[2]} SetContext */

const TAGS_HEADER = 'x-next-cache-tags';

/** @type {Map<string, string>} */
const buildIds = new Map();

/**
 * The build id, part of every entry key: a new release never serves pages (and their asset URLs)
 * or data rendered by the previous one, while tag invalidations stay shared across releases.
 * @param {string | undefined} serverDistDir
 */
function buildIdOf(serverDistDir) {
  const dir = serverDistDir ?? '';
  let id = buildIds.get(dir);
  if (!id) {
    try {
      id = fs.readFileSync(path.join(dir, '..', 'BUILD_ID'), 'utf8').trim() || 'unknown';
    } catch {
      id = 'unknown';
    }
    buildIds.set(dir, id);
  }
  return id;
}

/**
 * The tags an entry was written with: data entries get them in the context, page and route
 * entries carry them in their x-next-cache-tags header.
 * @param {SetData} data
 * @param {SetContext} ctx
 * @returns {string[]}
 */
function tagsOf(data, ctx) {
  const tags = new Set(/** @type {{ tags?: string[] }} */ (ctx).tags ?? []);
  const headers = data && 'headers' in data ? /** @type {Record<string, unknown> | undefined} */ (data.headers) : undefined;
  const header = headers?.[TAGS_HEADER];
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag);
  return [...tags];
}

/**
 * Seconds this entry is worth keeping: a response's `expire`; data entries have none, so they get
 * the store's maximum (MAX_TTL_SECONDS, which also caps the first).
 * @param {SetContext} ctx
 */
function ttlOf(ctx) {
  const expire = /** @type {{ cacheControl?: { expire?: number } }} */ (ctx).cacheControl?.expire;
  return typeof expire === 'number' ? expire : undefined;
}

/**
 * A route's answer other than a GET's 200: Next renders a static route handler for any method and
 * stores what it answered under the one key GET reads too, so a POST to `/sitemap.xml` (405) would
 * be served to every reader after it, and an OPTIONS (204 with a body) made every later request
 * fail while Next rebuilt the Response (a 204 may not have a body). Never stored; the next GET renders.
 * @param {unknown} value
 */
const isNotGetAnswer = (value) => {
  const route = /** @type {{ kind?: string, status?: unknown }} */ (value);
  return Boolean(route && typeof route === 'object' && route.kind === 'APP_ROUTE' && route.status !== undefined && route.status !== 200);
};

/** @param {unknown} value a page (HTML and RSC), not data or a route's response */
const isPage = (value) => Boolean(value && typeof value === 'object' && /** @type {{ kind?: string }} */ (value).kind === 'APP_PAGE');

/**
 * The page path of a page's cache key (`/route-cache/APP_PAGE/{route hash}/$/films/x/level/full`,
 * next/dist/server/lib/route-cache-key.js; `/index` for `/`), as the front cache sees it.
 * @param {string} cacheKey
 */
function pagePathOf(cacheKey) {
  const at = cacheKey.indexOf('/$/');
  const pathname = at >= 0 ? cacheKey.slice(at + 2) : cacheKey;
  return pathname === '/index' ? '/' : pathname;
}

/**
 * The metrics' layer of a lookup (cms_cache_lookups_total): pages, route handlers' responses, data.
 * @param {unknown} kind Next's IncrementalCacheKind
 * @returns {'page' | 'route' | 'data'}
 */
const layerOf = (kind) => (kind === 'APP_ROUTE' ? 'route' : kind === 'FETCH' ? 'data' : 'page');

/** @implements {NextCacheHandler} */
export default class IncrementalCacheHandler {
  /** @type {boolean} */
  #shared;
  /** @type {string} */
  #scope;
  /** @type {number | undefined} */
  #maxBytes;
  /** The invalidation version when this request started; null when it could not be read (nothing is stored then). */
  /** @type {Promise<string | null>} */
  #asOf;
  /** When this request started (ms), before its version was read: for publish-to-visible. */
  #startedAt = Date.now();

  /**
   * Next creates one handler per request, before it reads or renders anything (route-module.js,
   * "incremental-cache is request specific"): the version is read here, at the request's start.
   * @param {CacheHandlerContext} ctx
   */
  constructor(ctx) {
    this.#shared = sharedCacheEnabled();
    this.#scope = this.#shared ? `${keyPrefix()}:isr:${buildIdOf(ctx.serverDistDir)}:` : '';
    this.#maxBytes = ctx.maxMemoryCacheSize;
    this.#asOf = currentVersion().catch((error) => {
      reportError(error);
      return null;
    });
  }

  /**
   * @param {string} cacheKey
   * @param {GetContext} ctx
   * @returns {Promise<CacheHandlerValue | null>}
   */
  async get(cacheKey, ctx) {
    const entry = await this.#read(cacheKey, ctx);
    // Pages prerendered by `next build` were written without their script policy.
    if (entry) withStaticPagePolicy(entry.value);
    return entry;
  }

  /**
   * @param {string} cacheKey
   * @param {GetContext} ctx
   * @returns {Promise<CacheHandlerValue | null>}
   */
  async #read(cacheKey, ctx) {
    try {
      const layer = layerOf(/** @type {{ kind?: unknown }} */ (ctx).kind);
      const stored = this.#shared ? await readEntry(this.#scope + cacheKey) : memory.readEntry(cacheKey, this.#maxBytes);
      if (!stored) {
        observeCacheLookup(layer, 'miss');
        return null;
      }
      const context = /** @type {{ tags?: string[], softTags?: string[] }} */ (ctx);
      const tags = [...new Set([...stored.tags, ...(context.tags ?? []), ...(context.softTags ?? [])])].filter(Boolean);
      // A tag invalidated after the request that made it started (on any instance, with Redis): a
      // miss, rendered afresh.
      if (!(await isCurrent(tags, stored.asOf))) {
        observeCacheLookup(layer, 'stale');
        return null;
      }
      observeCacheLookup(layer, 'hit');
      if (isPage(stored.value)) {
        rememberPageTags(pagePathOf(cacheKey), tags);
        // Valid now, so stored after any invalidation of its tags: fresh.
        observePublishVisible(takeVisible(tags, Date.now()));
      }
      return /** @type {CacheHandlerValue} */ ({
        lastModified: stored.lastModified,
        value: stored.value,
        ...(stored.cacheControl ? { cacheControl: stored.cacheControl } : {}),
      });
    } catch (error) {
      reportError(error);
      return null;
    }
  }

  /**
   * @param {string} cacheKey
   * @param {SetData} data
   * @param {SetContext} ctx
   */
  async set(cacheKey, data, ctx) {
    if (isNotGetAnswer(data)) return;
    // A cached page carries the hashes of its own inline scripts (lib/security/security-policy.mjs).
    withStaticPagePolicy(data);
    const cacheControl = 'fetchCache' in ctx && ctx.fetchCache ? undefined : /** @type {{ cacheControl?: unknown }} */ (ctx).cacheControl;
    const asOf = await this.#asOf;
    if (asOf === null) return;
    // lastModified is only for Next (a page's age for time-based revalidation, in this process).
    const entry = { lastModified: Date.now(), asOf, value: data, tags: tagsOf(data, ctx), cacheControl };
    if (isPage(data)) {
      rememberPageTags(pagePathOf(cacheKey), entry.tags);
      // Rendered by a request that started after a noted invalidation: the film's first fresh page.
      observePublishVisible(takeVisible(entry.tags, this.#startedAt));
    }
    if (!this.#shared) return memory.writeEntry(cacheKey, entry, this.#maxBytes);
    try {
      await writeEntry(this.#scope + cacheKey, entry, ttlOf(ctx));
    } catch (error) {
      reportError(error);
    }
  }

  /**
   * `revalidateTag` / `revalidatePath` on this instance. Stale-while-revalidate profiles
   * (`revalidateTag(tag, 'max')`) are treated as immediate expiry: the next request (on every
   * instance, with Redis) renders afresh instead of being served the old entry once more.
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [_durations]
   */
  async revalidateTag(tags, _durations) {
    await invalidateTags(typeof tags === 'string' ? [tags] : tags);
  }

  resetRequestCache() {}
}
