import 'server-only';
import { revalidateTag } from 'next/cache';
import { SIGNATURE_HEADER, TIME_HEADER, signRevalidation } from '../cache/revalidation-signature';

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
 * with the shared Redis cache the invalidation is written where every instance reads it; else a
 * running server named by CMS_SERVER_URL is asked to do it (a request signed with AUTH_SECRET).
 */
export async function invalidateFilmPages(...slugs: Array<string | null | undefined>): Promise<void> {
  const named = [...new Set(slugs)].filter((slug): slug is string => Boolean(slug));
  const tags = [FILMS_TAG, ...named.map(filmTag)];
  try {
    // expire: 0 → the next request renders fresh content instead of being served the stale page.
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch (error) {
    if (!(error instanceof Error && /static generation store|outside a request|workStore|Invariant/i.test(error.message))) throw error;
    const store = await import('../cache/redis-store.mjs');
    if (store.redisUrl()) await store.recordInvalidation(tags);
    else await askServerToInvalidate(named);
  }
}

/** The running server's own cache, reached over HTTP; a server that is not running has nothing to refresh. */
async function askServerToInvalidate(slugs: string[]): Promise<void> {
  const server = process.env.CMS_SERVER_URL?.trim();
  const secret = process.env.AUTH_SECRET?.trim();
  if (!server || !secret) return;
  const body = JSON.stringify({ slugs });
  const time = Date.now();
  try {
    const response = await fetch(new URL('/api/internal/revalidate', server), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TIME_HEADER]: String(time), [SIGNATURE_HEADER]: signRevalidation(secret, time, body) },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) console.warn(`The server at ${server} did not refresh its pages: HTTP ${response.status}`);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    if (cause !== 'ECONNREFUSED') console.warn(`Could not ask the server at ${server} to refresh its pages: ${(error as Error).message}`);
  }
}
