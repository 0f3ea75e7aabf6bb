import 'server-only';
import { db } from '../db';
import { FILMS_TAG } from '../cache/invalidate-film-pages';
import { latestTagVersion } from '../cache/tag-versions.mjs';
import { boundedCache, stringBytes } from '../cache/bounded-cache.mjs';

/** Found addresses, with the version that last invalidated `films` when they were looked up. */
const known = boundedCache<string, number>('published-addresses', {
  holds: 'addresses found published (lib/reader/published-address.ts)',
  maxBytes: 4 * 1024 * 1024,
  sizeOf: (_version, key) => stringBytes(key) + 64,
});

export type ReaderSection = 'films' | 'people';

/**
 * Whether `/films/{slug}` or `/people/{slug}` names something on the site, for proxy.ts: it sends
 * unknown addresses to the site's 404 page, which is rendered to HTML, while notFound() from a page
 * leaves the body empty without JavaScript (vercel/next.js#62228). Misses always ask the database,
 * so a publish on any instance shows on the next request; a hit is remembered until the next
 * publish or unpublish of any film (on any instance with Redis: lib/cache/tag-versions.mjs), read
 * before the lookup. When the database cannot answer, the address counts as found and the page
 * decides.
 */
export async function isPublishedAddress(section: ReaderSection, slug: string): Promise<boolean> {
  const key = `${section}/${slug}`;
  const version = await latestTagVersion([FILMS_TAG]).catch(() => null);
  if (version !== null && known.get(key) === version) return true;
  try {
    const found =
      section === 'films'
        ? await db().publishedFilm.findUnique({ where: { slug }, select: { filmId: true } })
        : await db().person.findUnique({ where: { slug }, select: { id: true } });
    if (!found) return false;
  } catch {
    return true;
  }
  if (version !== null) known.set(key, version);
  return true;
}

/**
 * The address a film has now, when `slug` is one it was published under before (a rename), else
 * null: proxy.ts redirects the old address there (308). Asked only for addresses that name nothing
 * published, so a film published under an old slug later keeps it. When the database cannot
 * answer, there is no redirect (the 404 page, as before).
 */
export async function currentFilmSlug(formerSlug: string): Promise<string | null> {
  try {
    const row = await db().formerFilmSlug.findUnique({
      where: { slug: formerSlug },
      select: { film: { select: { published: { select: { slug: true } } } } },
    });
    const current = row?.film.published?.slug ?? null;
    return current === formerSlug ? null : current;
  } catch {
    return null;
  }
}
