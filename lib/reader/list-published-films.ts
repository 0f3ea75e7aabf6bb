import 'server-only';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
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

/** How many films the list holds, and per genre and per year how many it would hold with that one chosen. */
export type FilmFacets = { total: number; genres: Array<{ genre: string; count: number }>; years: Array<{ year: number; count: number }> };

/** Genres offered (the most common first); years are all offered, newest first. */
const MAX_GENRES = 24;

/**
 * The list's facets in one statement: the total under the filter, the genres among the films of
 * the chosen year (or all), and the years among the films of the chosen genre (or all). Lists show
 * titles and premises only, so the counts are the same for every reader.
 */
async function countFilmFacets(filter: FilmFilter): Promise<FilmFacets> {
  const genre = filter.genre === null ? Prisma.sql`TRUE` : Prisma.sql`"genreKeys" @> ARRAY[${filter.genre}]::text[]`;
  const year = filter.year === null ? Prisma.sql`TRUE` : Prisma.sql`"releaseYear" = ${filter.year}`;
  const rows = await db().$queryRaw<Array<{ kind: 'total' | 'genre' | 'year'; key: string; count: number }>>`
    (SELECT 'total' AS kind, '' AS key, count(*)::int AS count FROM "PublishedFilm" WHERE ${genre} AND ${year})
    UNION ALL
    (SELECT 'genre', g, count(*)::int FROM "PublishedFilm", unnest("genreKeys") AS g WHERE ${year} GROUP BY g ORDER BY count(*) DESC, g LIMIT ${MAX_GENRES})
    UNION ALL
    (SELECT 'year', "releaseYear"::text, count(*)::int FROM "PublishedFilm" WHERE "releaseYear" IS NOT NULL AND ${genre} GROUP BY "releaseYear" ORDER BY "releaseYear" DESC)`;
  return {
    total: rows.find((r) => r.kind === 'total')?.count ?? 0,
    genres: rows.filter((r) => r.kind === 'genre').map((r) => ({ genre: r.key, count: r.count })),
    years: rows.filter((r) => r.kind === 'year').map((r) => ({ year: Number(r.key), count: r.count })),
  };
}

/**
 * One page (1-based) of the home page's list, optionally filtered by genre and year, how many
 * pages there are, and the facets (genre and year counts) to narrow it: two statements.
 */
export async function listFilmPage(
  page: number,
  filter: FilmFilter = NO_FILTER,
): Promise<{ films: FilmSummary[]; page: number; pages: number; facets: FilmFacets }> {
  const [films, facets] = await Promise.all([
    listFilmSummaries({ offset: (page - 1) * FILMS_PER_PAGE, limit: FILMS_PER_PAGE }, filter),
    countFilmFacets(filter),
  ]);
  return { films, page, pages: Math.max(1, Math.ceil(facets.total / FILMS_PER_PAGE)), facets };
}

/** Film addresses for the sitemap, in the same order as the lists. */
export async function listFilmAddresses({ offset = 0, limit }: Window = {}): Promise<Array<{ slug: string; publishedAt: string }>> {
  const films = await db().publishedFilm.findMany({
    orderBy: newestFirst,
    skip: offset,
    take: limit,
    select: { slug: true, publishedAt: true },
  });
  return films.map((f) => ({ slug: f.slug, publishedAt: f.publishedAt.toISOString() }));
}

/** How many films and people the reader site has pages for. */
export async function countPublished(): Promise<{ films: number; people: number }> {
  const [films, people] = await Promise.all([
    db().publishedFilm.count(),
    db().person.count({ where: { OR: [{ characters: { some: {} } }, { credits: { some: {} } }] } }),
  ]);
  return { films, people };
}
