import 'server-only';
import { revalidateTag } from 'next/cache';

/**
 * Cache tags of the reader site. A film page is tagged with its own tag; lists, people pages,
 * search and the sitemap with FILMS_TAG. Publishing or unpublishing a film invalidates both, so
 * the change shows on the next request while other films' pages stay cached.
 */
export const FILMS_TAG = 'films';
export const filmTag = (slug: string) => `film:${slug}`;

export function invalidateFilmPages(...slugs: Array<string | null | undefined>): void {
  try {
    // expire: 0 → the next request renders fresh content instead of being served the stale page.
    revalidateTag(FILMS_TAG, { expire: 0 });
    for (const slug of new Set(slugs)) if (slug) revalidateTag(filmTag(slug), { expire: 0 });
  } catch (error) {
    // Outside a Next.js server (the seed and import CLIs) there is no cache to invalidate.
    if (!(error instanceof Error && /static generation store|outside a request|workStore|Invariant/i.test(error.message))) throw error;
  }
}
