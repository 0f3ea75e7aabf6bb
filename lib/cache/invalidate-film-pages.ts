import 'server-only';
import { revalidateTag } from 'next/cache';
import { isOutsideRequest } from '../ops/outside-request';

/**
 * What a change to a film invalidates, in one place. A film page (every level, its quiz and API
 * data) is tagged with its own tag; lists (home, pages, genre/year filters), people pages, search
 * and the sitemap with FILMS_TAG. Publishing or unpublishing film A invalidates A's tag and
 * FILMS_TAG, so A's pages, every list, the search, the sitemap and the pages of everyone in A
 * (before and after the change: all people pages are under FILMS_TAG) show the change on the next
 * request, while film B's pages stay cached, in Next's page cache and in the front cache alike
 * (both keep a page's tags, lib/cache/tag-versions.mjs).
 */
export const FILMS_TAG = 'films';
export const filmTag = (slug: string) => `film:${slug}`;

/**
 * Invalidates the reader pages of these films and every list.
 *
 * Inside the Next.js server (NEXT_RUNTIME is set in its bundles) this is revalidateTag. Outside
 * it (the import command without a server, seeds, tests), with the shared Redis cache, the
 * invalidation is written where every instance reads it; without Redis a running server's cache
 * is in that server's memory and cannot be reached from here: `npm run import` publishes through
 * the server's API for that reason, and says so when it cannot (scripts/import.ts).
 *
 * Inside the server but outside a request (the scheduled-job runner, lib/schedule/job-runner.ts)
 * revalidateTag has no request to attach to: the invalidation is written to the same stores the
 * cache handler's revalidateTag writes (Redis for every instance, else this process's memory).
 */
export async function invalidateFilmPages(...slugs: Array<string | null | undefined>): Promise<void> {
  const named = [...new Set(slugs)].filter((slug): slug is string => Boolean(slug));
  const tags = [FILMS_TAG, ...named.map(filmTag)];
  if (process.env.NEXT_RUNTIME && !isOutsideRequest()) {
    // expire: 0 → the next request renders fresh content instead of being served the stale page.
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    return;
  }
  const [store, versions] = await Promise.all([import('./redis-store.mjs'), import('./tag-versions.mjs')]);
  if (store.sharedCacheEnabled() || process.env.NEXT_RUNTIME) await versions.invalidateTags(tags);
}
