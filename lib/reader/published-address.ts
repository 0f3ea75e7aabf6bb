import 'server-only';
import { db } from '../db';
import { FILMS_TAG, filmTag } from '../cache/invalidate-film-pages';
import { tagsVersion } from '../cache/tag-versions.mjs';
import { boundedCache, stringBytes } from '../cache/bounded-cache.mjs';
import { countListPages } from './list-published-films';
import { NO_FILTER, filterVariantPath, type FilmFilter } from './film-filter';

/** Found addresses, with the version that last invalidated `films` when they were looked up. */
const known = boundedCache<string, string>('published-addresses', {
  holds: 'addresses found published (lib/reader/published-address.ts)',
  maxBytes: 4 * 1024 * 1024,
  sizeOf: (_version, key) => stringBytes(key) + 64,
});

export type ReaderSection = 'films' | 'people';

/**
 * Whether `/films/{slug}` or `/people/{slug}` names something on the site (with `locale`, whether
 * `/{locale}/films/{slug}` does: the film's translation is published), for proxy.ts: it sends
 * unknown addresses to the site's 404 page, which is rendered to HTML, while notFound() from a page
 * leaves the body empty without JavaScript (vercel/next.js#62228). Misses always ask the database,
 * so a publish on any instance shows on the next request; a hit is remembered until the next
 * publish or unpublish of any film (on any instance with Redis: lib/cache/tag-versions.mjs), read
 * before the lookup. When the database cannot answer, the address counts as found and the page
 * decides.
 */
export async function isPublishedAddress(section: ReaderSection, slug: string, locale?: string): Promise<boolean> {
  const key = locale ? `${section}/${locale}/${slug}` : `${section}/${slug}`;
  // A translation is published and taken down under its film's tag (lib/translations/publish-translation.ts).
  const version = await tagsVersion(locale ? [FILMS_TAG, filmTag(slug)] : [FILMS_TAG]).catch(() => null);
  if (version !== null && known.get(key) === version) return true;
  try {
    const found = locale
      ? await db().filmTranslation.findFirst({
          where: { locale, publishedRevision: { not: null }, film: { published: { slug } } },
          select: { id: true },
        })
      : section === 'films'
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

/** Counts kept per key with the `films` version they were read at (see keptUntilNextPublish). */
const keptCounts = (name: string, holds: string, maxBytes: number) =>
  boundedCache<string, { version: string; count: number }>(name, { holds, maxBytes, sizeOf: (_count, key) => stringBytes(key) + 80 });

const listPages = keptCounts(
  'published-list-pages',
  'how many pages the film lists have, per language and filter (lib/reader/published-address.ts)',
  256 * 1024,
);
const eventCounts = keptCounts(
  'published-event-counts',
  'how many events published films have (lib/reader/published-address.ts)',
  1024 * 1024,
);

/**
 * A count read by `read` (null: nothing there), kept as isPublishedAddress keeps its answers:
 * until the next publish or unpublish of any film; null when the database cannot answer (the page
 * then decides).
 */
async function keptUntilNextPublish(
  cache: ReturnType<typeof keptCounts>,
  key: string,
  read: () => Promise<number | null>,
): Promise<number | null> {
  const version = await tagsVersion([FILMS_TAG]).catch(() => null);
  const known = version === null ? undefined : cache.get(key);
  if (known && known.version === version) return known.count;
  try {
    const count = await read();
    if (count !== null && version !== null) cache.set(key, { version, count });
    return count;
  } catch {
    return null;
  }
}

/**
 * How many pages the film list has (with `locale`, the list in that language; with `filter`, the
 * films it chooses), for proxy.ts: a page past the last is sent to the 404 page (rendered to HTML)
 * rather than left to the page's notFound(), whose page streams without its words.
 */
export function publishedListPages(locale?: string, filter: FilmFilter = NO_FILTER): Promise<number | null> {
  // Keyed by what is counted: the order does not change how many there are.
  const key = filterVariantPath({ ...filter, sort: NO_FILTER.sort }, 1, locale);
  return keptUntilNextPublish(listPages, key, () => countListPages(locale, filter));
}

/**
 * How many events a published film's timeline has (the points it can be read up to are 0 to
 * that), or null when it is not published.
 */
export function publishedEventCount(slug: string): Promise<number | null> {
  return keptUntilNextPublish(eventCounts, slug, async () => {
    const film = await db().publishedFilm.findUnique({ where: { slug }, select: { _count: { select: { events: true } } } });
    return film ? film._count.events : null;
  });
}
