import 'server-only';
import { defaultLocale, translationLocales } from '../i18n/site-locales';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
import { NO_FILTER, type FilmFilter, type FilmSort } from './film-filter';
import { PERSON_HAS_PAGE } from './person-has-page';
import { currentText, type StoredTexts } from '../translations/translation-state';
import { fieldUnitKey, textsInLanguage, type Untranslated } from '../translations/unit-key';

/** A poster as the list shows it: only a poster at level none (lists are the same for every reader). */
export type ListPoster = { image: string; alt: string; width: number; height: number; version: number; focal: { x: number; y: number } };

/**
 * A published film as lists show it: spoiler-safe (title and premise are level none, and the poster
 * only when its own level is none, whatever the reader chose).
 */
export type FilmSummary = {
  slug: string;
  title: string;
  releaseYear: number | null;
  premise: string;
  publishedAt: string;
  poster: ListPoster | null;
  /** In a translation's language: the texts above that read in the page's own (no current translation), for their `lang` mark. */
  untranslated?: Untranslated;
};

/** Films per page of the home page's list. */
export const FILMS_PER_PAGE = 24;

/** A window of a list: skip `offset` rows, return at most `limit` (all when unset). */
export type Window = { offset?: number; limit?: number };

const newestFirst = [{ publishedAt: 'desc' as const }, { slug: 'asc' as const }];

/** The list's orders in SQL; the slug breaks every tie, so pages never overlap. */
const ORDER_BY: Record<FilmSort, Prisma.Sql> = {
  published: Prisma.sql`f."publishedAt" DESC, f."slug" ASC`,
  title: Prisma.sql`lower(f."title") ASC, f."slug" ASC`,
  year: Prisma.sql`f."releaseYear" DESC NULLS LAST, f."publishedAt" DESC, f."slug" ASC`,
};

type SummaryRow = Omit<FilmSummary, 'publishedAt' | 'poster' | 'untranslated'> & {
  publishedAt: Date;
  /** The published translation's stored title, premise and poster alt, in a translation's language. */
  texts: StoredTexts | null;
  posterImage: string | null;
  posterAlt: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
  posterVersion: number | null;
  posterFocalX: number | null;
  posterFocalY: number | null;
};

/**
 * Published films in the filter's order (newest published first by default), one page of them with
 * a window, each with its poster when the poster's level is none: one statement. Dates as ISO
 * strings, so the result survives the data cache as is. With `locale` (a translation's language):
 * the films published in it, their texts as its readers get them (listedInLanguage), `sort=title`
 * by the title in it.
 */
export async function listFilmSummaries(
  { offset = 0, limit }: Window = {},
  filter: FilmFilter = NO_FILTER,
  locale?: string,
): Promise<FilmSummary[]> {
  const rows = await db().$queryRaw<SummaryRow[]>`
    SELECT f."slug", f."title", f."releaseYear", f."premise", f."publishedAt",
      i."imageId" AS "posterImage", i."alt" AS "posterAlt", a."width" AS "posterWidth", a."height" AS "posterHeight",
      a."version" AS "posterVersion", a."focalX" AS "posterFocalX", a."focalY" AS "posterFocalY",
      ${locale === undefined ? Prisma.sql`NULL::jsonb` : listedTexts(locale)} AS "texts"
    FROM "PublishedFilm" f
    LEFT JOIN "FilmImage" i ON i."filmId" = f."filmId" AND i."kind" = 'poster' AND i."spoiler" = 'none'::"SpoilerLevel"
    LEFT JOIN "ImageAsset" a ON a."id" = i."imageId"
    ${locale !== undefined && filter.sort === 'title' ? titleJoin(locale) : Prisma.empty}
    WHERE ${whereFilter(filter, ['genre', 'year', 'country'], locale)}
    ORDER BY ${locale !== undefined && filter.sort === 'title' ? TITLE_IN_LANGUAGE : ORDER_BY[filter.sort]}
    OFFSET ${offset} LIMIT ${limit ?? null}`;
  return rows.map(
    ({ publishedAt, posterImage, posterAlt, posterWidth, posterHeight, posterVersion, posterFocalX, posterFocalY, texts, ...film }) => {
      const summary: FilmSummary = {
        ...film,
        publishedAt: publishedAt.toISOString(),
        poster:
          posterImage !== null && posterWidth !== null && posterHeight !== null
            ? {
                image: posterImage,
                alt: posterAlt ?? '',
                width: posterWidth,
                height: posterHeight,
                version: posterVersion ?? 1,
                focal: { x: posterFocalX ?? 0.5, y: posterFocalY ?? 0.5 },
              }
            : null,
      };
      return texts ? listedInLanguage(summary, texts) : summary;
    },
  );
}

const TITLE = fieldUnitKey('title');
const PREMISE = fieldUnitKey('premise');
const POSTER_ALT = fieldUnitKey('poster', 'alt');
/** The texts a list shows (lib/translations/unit-key.ts). */
const LISTED_UNITS = [TITLE, PREMISE, POSTER_ALT];

/**
 * The published translation's stored texts the list shows, from the revision readers get: a
 * subquery in the select list, which PostgreSQL evaluates after the sort and the limit, so only
 * for the page's films.
 */
const listedTexts = (locale: string) => Prisma.sql`(
      SELECT jsonb_build_object(${Prisma.join(LISTED_UNITS.map((key) => Prisma.sql`${key}::text, tr."texts" -> ${key}::text`))})
      FROM "FilmTranslation" ft JOIN "TranslationRevision" tr ON tr."translationId" = ft."id" AND tr."number" = ft."publishedRevision"
      WHERE ft."filmId" = f."filmId" AND ft."locale" = ${locale})`;

/** For the order by title in a translation's language: the title its search holds, made from the texts its readers get (lib/translations/translation-search-documents.ts). */
const titleJoin = (locale: string) =>
  Prisma.sql`LEFT JOIN "SearchDocument" d ON d."filmId" = f."filmId" AND d."locale" = ${locale} AND d."kind" = 'film'`;
const TITLE_IN_LANGUAGE = Prisma.sql`lower(coalesce(d."title", f."title")) ASC, f."slug" ASC`;

/**
 * A summary as readers of a translation get it: each text the translation's where it is current
 * (currentText), the page's own otherwise, and those named in `untranslated`. Pure.
 */
function listedInLanguage(summary: FilmSummary, texts: StoredTexts): FilmSummary {
  const { text, untranslated } = textsInLanguage((key, source) => currentText(texts[key], source), defaultLocale());
  const listed: FilmSummary = {
    ...summary,
    title: text(TITLE, summary.title),
    premise: text(PREMISE, summary.premise),
    poster: summary.poster && { ...summary.poster, alt: text(POSTER_ALT, summary.poster.alt) },
  };
  const marked = untranslated();
  return marked ? { ...listed, untranslated: marked } : listed;
}

type FilterField = 'genre' | 'year' | 'country';

/**
 * The filter's chosen fields in SQL (and with `locale`, published in it), `TRUE` for none: a genre or a country through the GIN index on
 * genreKeys or countries (`@>`), a year through its index.
 */
function whereFilter(filter: FilmFilter, fields: FilterField[], locale?: string): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  // A translation's language lists the films published in it: their pages in it exist.
  if (locale !== undefined)
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "FilmTranslation" t WHERE t."filmId" = f."filmId" AND t."locale" = ${locale} AND t."publishedRevision" IS NOT NULL)`,
    );
  if (fields.includes('genre') && filter.genre !== null) parts.push(Prisma.sql`f."genreKeys" @> ARRAY[${filter.genre}]::text[]`);
  if (fields.includes('year') && filter.year !== null) parts.push(Prisma.sql`f."releaseYear" = ${filter.year}`);
  if (fields.includes('country') && filter.country !== null) parts.push(Prisma.sql`f."countries" @> ARRAY[${filter.country}]::text[]`);
  return parts.length === 0 ? Prisma.sql`TRUE` : Prisma.join(parts, ' AND ');
}

/**
 * How many films the list holds, and per genre, year and country how many it would hold with that
 * one chosen (the other two as they are).
 */
export type FilmFacets = {
  total: number;
  genres: Array<{ genre: string; count: number }>;
  years: Array<{ year: number; count: number }>;
  countries: Array<{ country: string; count: number }>;
};

/** Genres and countries offered (the most common first); years are all offered, newest first. */
const MAX_GENRES = 24;
const MAX_COUNTRIES = 24;

/**
 * The list's facets in one statement: the total under the filter, and each facet's values among
 * the films the other two fields choose (the genres among the films of the chosen year and
 * country, …). Lists show titles, premises and level-none posters only, so the counts are the
 * same for every reader.
 */
async function countFilmFacets(filter: FilmFilter, locale?: string): Promise<FilmFacets> {
  const rows = await db().$queryRaw<Array<{ kind: 'total' | 'genre' | 'year' | 'country'; key: string; count: number }>>`
    (SELECT 'total' AS kind, '' AS key, count(*)::int AS count FROM "PublishedFilm" f WHERE ${whereFilter(filter, ['genre', 'year', 'country'], locale)})
    UNION ALL
    (SELECT 'genre', g, count(*)::int FROM "PublishedFilm" f, unnest(f."genreKeys") AS g
      WHERE ${whereFilter(filter, ['year', 'country'], locale)} GROUP BY g ORDER BY count(*) DESC, g LIMIT ${MAX_GENRES})
    UNION ALL
    (SELECT 'year', f."releaseYear"::text, count(*)::int FROM "PublishedFilm" f
      WHERE f."releaseYear" IS NOT NULL AND ${whereFilter(filter, ['genre', 'country'], locale)} GROUP BY f."releaseYear" ORDER BY f."releaseYear" DESC)
    UNION ALL
    (SELECT 'country', c, count(*)::int FROM "PublishedFilm" f, unnest(f."countries") AS c
      WHERE ${whereFilter(filter, ['genre', 'year'], locale)} GROUP BY c ORDER BY count(*) DESC, c LIMIT ${MAX_COUNTRIES})`;
  return {
    total: rows.find((r) => r.kind === 'total')?.count ?? 0,
    genres: rows.filter((r) => r.kind === 'genre').map((r) => ({ genre: r.key, count: r.count })),
    years: rows.filter((r) => r.kind === 'year').map((r) => ({ year: Number(r.key), count: r.count })),
    countries: rows.filter((r) => r.kind === 'country').map((r) => ({ country: r.key, count: r.count })),
  };
}

/**
 * One page (1-based) of the home page's list, optionally filtered by genre, year and country and
 * sorted (`pageSize` films a page), how many pages there are, and the facets (genre, year and country counts) to narrow it:
 * two statements.
 */
export async function listFilmPage(
  page: number,
  filter: FilmFilter = NO_FILTER,
  pageSize: number = FILMS_PER_PAGE,
  locale?: string,
): Promise<{ films: FilmSummary[]; page: number; pages: number; facets: FilmFacets }> {
  const [films, facets] = await Promise.all([
    listFilmSummaries({ offset: (page - 1) * pageSize, limit: pageSize }, filter, locale),
    countFilmFacets(filter, locale),
  ]);
  return { films, page, pages: pageCount(facets.total, pageSize), facets };
}

/** A list of `total` films has this many pages: one at least (an empty list is its first page). */
const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * How many pages the list has (with `locale`, of the films published in it; with `filter`, of the
 * films it chooses), as listFilmPage counts them.
 */
export async function countListPages(locale?: string, filter: FilmFilter = NO_FILTER): Promise<number> {
  const [row] = await db().$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM "PublishedFilm" f WHERE ${whereFilter(filter, ['genre', 'year', 'country'], locale)}`;
  return pageCount(row?.count ?? 0, FILMS_PER_PAGE);
}

/** Film addresses for the sitemap, in the same order as the lists. */
export async function listFilmAddresses({ offset = 0, limit }: Window = {}): Promise<
  Array<{ slug: string; publishedAt: string; translations: string[] }>
> {
  const films = await db().publishedFilm.findMany({
    orderBy: newestFirst,
    skip: offset,
    take: limit,
    select: {
      slug: true,
      publishedAt: true,
      film: { select: { translations: { where: { publishedRevision: { not: null } }, select: { locale: true } } } },
    },
  });
  // The languages of its published translations the site still has, in the site's order.
  const site = translationLocales();
  return films.map((f) => {
    const published = new Set(f.film.translations.map((t) => t.locale));
    return { slug: f.slug, publishedAt: f.publishedAt.toISOString(), translations: site.filter((locale) => published.has(locale)) };
  });
}

/** How many films and people the reader site has pages for. */
export async function countPublished(): Promise<{ films: number; people: number }> {
  const [films, people] = await Promise.all([db().publishedFilm.count(), db().person.count({ where: PERSON_HAS_PAGE })]);
  return { films, people };
}
