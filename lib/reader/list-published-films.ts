import 'server-only';
import { db } from '../db';
import { NO_FILTER, type FilmFilter } from './film-filter';

/** A published film as lists show it: spoiler-safe (title and premise are level none). */
export type FilmSummary = { slug: string; title: string; releaseYear: number | null; premise: string; publishedAt: string };

/** Films per page of the home page's list. */
export const FILMS_PER_PAGE = 24;

/** A window of a list: skip `offset` rows, return at most `limit` (all when unset). */
export type Window = { offset?: number; limit?: number };

const newestFirst = [{ publishedAt: 'desc' as const }, { slug: 'asc' as const }];

/**
 * Published films, newest first (slug breaks ties, so pages never overlap); one page of them with
 * a window. Dates as ISO strings, so the result survives the data cache as is.
 */
export async function listFilmSummaries({ offset = 0, limit }: Window = {}, filter: FilmFilter = NO_FILTER): Promise<FilmSummary[]> {
  const films = await db().publishedFilm.findMany({
    where: whereFilter(filter),
    orderBy: newestFirst,
    skip: offset,
    take: limit,
    select: { slug: true, title: true, releaseYear: true, premise: true, publishedAt: true },
  });
  return films.map((f) => ({ ...f, publishedAt: f.publishedAt.toISOString() }));
}

/** The filter in SQL: a genre through the GIN index on genreKeys (`@>`), a year through its index. */
function whereFilter(filter: FilmFilter) {
  return {
    ...(filter.genre !== null ? { genreKeys: { has: filter.genre } } : {}),
    ...(filter.year !== null ? { releaseYear: filter.year } : {}),
  };
}

/** One page (1-based) of the home page's list, optionally filtered by genre and year, and how many pages there are. */
export async function listFilmPage(page: number, filter: FilmFilter = NO_FILTER): Promise<{ films: FilmSummary[]; page: number; pages: number }> {
  const [films, total] = await Promise.all([
    listFilmSummaries({ offset: (page - 1) * FILMS_PER_PAGE, limit: FILMS_PER_PAGE }, filter),
    db().publishedFilm.count({ where: whereFilter(filter) }),
  ]);
  return { films, page, pages: Math.max(1, Math.ceil(total / FILMS_PER_PAGE)) };
}

/** Film addresses for the sitemap, in the same order as the lists. */
export async function listFilmAddresses({ offset = 0, limit }: Window = {}): Promise<Array<{ slug: string; publishedAt: string }>> {
  const films = await db().publishedFilm.findMany({ orderBy: newestFirst, skip: offset, take: limit, select: { slug: true, publishedAt: true } });
  return films.map((f) => ({ slug: f.slug, publishedAt: f.publishedAt.toISOString() }));
}

/** How many films and people the reader site has pages for. */
export async function countPublished(): Promise<{ films: number; people: number }> {
  const [films, people] = await Promise.all([db().publishedFilm.count(), db().person.count({ where: { OR: [{ characters: { some: {} } }, { credits: { some: {} } }] } })]);
  return { films, people };
}
