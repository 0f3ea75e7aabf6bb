import 'server-only';
import { revalidateTag } from 'next/cache';

/**
 * Cache tags of the reader site. A film page is tagged with its own tag; lists, people pages,
 * search and the sitemap with FILMS_TAG. Publishing or unpublishing a film invalidates both, so
 * the change shows on the next request while other films' pages stay cached.
 */
export const FILMS_TAG = 'films';
export const filmTag = (slug: string) => `film:${slug}`;

/**
 * Invalidates the reader pages of these films and every list. Inside the Next.js server this is
 * revalidateTag. Outside it (the import and seed commands) there is no request to do it through:
 * with the shared Redis cache the invalidation is written where every instance reads it; without
 * it each server's cache is its own and cannot be reached from here (the import command says so).
 */
export async function invalidateFilmPages(...slugs: Array<string | null | undefined>): Promise<void> {
  const tags = [FILMS_TAG, ...[...new Set(slugs)].filter((slug): slug is string => Boolean(slug)).map(filmTag)];
  try {
    // expire: 0 → the next request renders fresh content instead of being served the stale page.
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!(error instanceof Error && /static generation store|outside a request|workStore|Invariant/i.test(error.message))) throw error;
    const store = await import('../cache/redis-store.mjs');
    if (store.redisUrl()) await store.recordInvalidation(tags);
  }
}
