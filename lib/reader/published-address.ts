import 'server-only';
import { db } from '../db';

/** A found address is remembered this long per process; a miss is never remembered. */
const KNOWN_FOR_MS = 60_000;
const MAX_REMEMBERED = 10_000;
const known = new Map<string, number>();

export type ReaderSection = 'films' | 'people';

/**
 * Whether `/films/{slug}` or `/people/{slug}` names something on the site, for proxy.ts: it sends
 * unknown addresses to the site's 404 page, which is rendered to HTML, while notFound() from a page
 * leaves the body empty without JavaScript (vercel/next.js#62228). Misses always ask the database,
 * so a publish on any instance shows on the next request; a hit is remembered for a minute, and an
 * address unpublished since then still gets its page's own 404. When the database cannot answer,
 * the address counts as found and the page decides.
 */
export async function isPublishedAddress(section: ReaderSection, slug: string): Promise<boolean> {
  const key = `${section}/${slug}`;
  if ((known.get(key) ?? 0) > Date.now()) return true;
  try {
    const found =
      section === 'films'
        ? await db().publishedFilm.findUnique({ where: { slug }, select: { filmId: true } })
        : await db().person.findUnique({ where: { slug }, select: { id: true } });
    if (!found) return false;
  } catch {
    return true;
  }
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.set(key, Date.now() + KNOWN_FOR_MS);
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
    const row = await db().formerFilmSlug.findUnique({ where: { slug: formerSlug }, select: { film: { select: { published: { select: { slug: true } } } } } });
    const current = row?.film.published?.slug ?? null;
    return current === formerSlug ? null : current;
  } catch {
    return null;
  }
}
