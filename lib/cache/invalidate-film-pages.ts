import 'server-only';
import { revalidateTag } from 'next/cache';
import { isOutsideRequest } from '../ops/outside-request';
import { FILMS_TAG, filmTag, personTag } from './surrogate-keys.mjs';
import { purgeSharedCaches } from './purge-shared-caches';

/**
 * What a change to a film or a person invalidates, in one place. A film page (every level, every
 * point read up to, its quiz and API data) is tagged with its film's tag; a person page (every
 * level) with its person's tag; lists (home, pages, genre/year/country filters, the people index),
 * search and the sitemap with FILMS_TAG.
 *
 * Publishing or unpublishing film A invalidates A's tag (and its former slug's), FILMS_TAG, and
 * the tags of the people credited in A before and after the change (the caller names them: the
 * previous published revision's people and the new one's), so A's pages, every list, the search,
 * the sitemap and exactly those people's pages show the change on the next request, while film B's
 * pages and the pages of people not in A stay cached, in Next's page cache and in the front cache
 * alike (both keep a page's tags, lib/cache/tag-versions.mjs).
 *
 * A person's own facts (photo, dates, biography) are shown only on their own page (a film page
 * names its people by name and slug, which only a publish changes), so they invalidate only that
 * person's tag.
 *
 * Shared caches in front (CACHE_PURGE_URLS) hold the same pages under the same tags (their
 * `Surrogate-Key`, lib/cache/surrogate-keys.mjs): the same tags are purged there before this returns,
 * so before the change is acknowledged.
 */
export { FILMS_TAG, filmTag, personTag };

type Slugs = ReadonlyArray<string | null | undefined>;

const named = (slugs: Slugs) => [...new Set(slugs)].filter((slug): slug is string => Boolean(slug));

/** The tags a change invalidates: these films' and people's pages, and with `lists` every list, search and the sitemap. */
export function pageTags({ films = [], people = [], lists }: { films?: Slugs; people?: Slugs; lists: boolean }): string[] {
  return [...(lists ? [FILMS_TAG] : []), ...named(films).map(filmTag), ...named(people).map(personTag)];
}

/**
 * Invalidates the reader pages of these films and people, and (with `lists`) every list.
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
export async function invalidatePages(change: { films?: Slugs; people?: Slugs; lists: boolean }): Promise<void> {
  const tags = pageTags(change);
  if (tags.length === 0) return;
  if (process.env.NEXT_RUNTIME && !isOutsideRequest()) {
    // Next applies revalidateTag once the request's handler is done, as its response goes out, so
    // the very next request could still be served the old page; and shared caches to purge must
    // find the new page on their next fetch. So the versions are written here first, as outside
    // a request: the change is visible to any request sent after the acknowledgement.
    await (await import('./tag-versions.mjs')).invalidateTags(tags);
    // expire: 0 → the next request renders fresh content instead of being served the stale page.
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } else {
    const [store, versions] = await Promise.all([import('./redis-store.mjs'), import('./tag-versions.mjs')]);
    if (store.sharedCacheEnabled() || process.env.NEXT_RUNTIME) await versions.invalidateTags(tags);
  }
  // After the page cache: a shared cache's next fetch must find the new page there.
  await purgeSharedCaches(tags);
}

/**
 * A publish or unpublish of films: their pages (`slugs`: the new and the former slug), every
 * list, and the pages of `people`, everyone credited in those films before or after the change.
 */
export function invalidateFilmPages(slugs: Slugs, people: Slugs): Promise<void> {
  return invalidatePages({ films: slugs, people, lists: true });
}

/** A change to one person's own facts (photo, dates, biography): only their pages. */
export function invalidatePersonPages(...slugs: Slugs): Promise<void> {
  return invalidatePages({ people: slugs, lists: false });
}
