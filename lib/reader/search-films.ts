import 'server-only';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import { SEARCH_KINDS, searchHitHref, type SearchKind } from '../page/search-documents';
import { splitSnippet, type SnippetPart } from './snippet';
import { normalizeQuery } from './reader-address.mjs';
import { correctQuery } from './correct-query';
import { suggestSearch, type SearchSuggestion } from './suggest-search';
import { searchConfig } from '../i18n/search-config';
import { defaultLocale } from '../i18n/site-locales';

export { MAX_QUERY_LENGTH, normalizeQuery } from './reader-address.mjs';

export type SearchHit = {
  kind: SearchKind;
  itemId: string;
  level: SpoilerLevel;
  title: string;
  /** Quotes of the matching fields, one per field (at most two), in page order. */
  snippets: SnippetPart[][];
  film: { slug: string; title: string };
};

const LIMIT = 30;

/** Kinds whose title names the item (a film, person, character…): matched by name with typos too. */
const NAMED_KINDS = Object.entries(SEARCH_KINDS).flatMap(([kind, spec]) => (spec.named ? [kind] : []));

// Marks around matched words in ts_headline: control characters that never occur in page text.
const HEADLINE = 'StartSel=\u0002, StopSel=\u0003, MaxWords=24, MinWords=10, MaxFragments=1';
/** Fields quoted per hit, each on its own: a snippet never runs two fields together. */
const SNIPPET_FIELDS = 2;

/**
 * At most this many matching documents are ranked per query. Ranking reads every candidate's
 * tsvector and title, so without a bound a common word costs in proportion to the catalogue (at
 * 10,000 films "skating" matches ~37,000 documents); with it, a query costs about the same at any
 * size. Queries with fewer matches (most: names, titles, rarer words) are ranked exactly; a very
 * common word ranks the first MAX_RANKED matches PostgreSQL finds (see docs/benchmarks.md).
 */
export const MAX_RANKED = 500;

/**
 * Full-text search over published content, at the reader's level only: documents above the level
 * are filtered out in SQL, so they are neither matched nor quoted. `locale`: in a translation's
 * language (its documents, stemmed by its configuration); absent, the pages' own. Words match through the
 * tsvector (GIN index); names and titles also match approximately through pg_trgm word similarity.
 * Snippets (ts_headline, the costliest part per row) are made for the returned page only.
 */
export async function searchPublished(query: string, level: SpoilerLevel, locale?: string): Promise<SearchHit[]> {
  const text = normalizeQuery(query);
  if (!text) return [];
  const rows = await db().$queryRaw<
    Array<Omit<SearchHit, 'snippets' | 'film'> & { quotes: string[]; filmSlug: string; filmTitle: string }>
  >`
    ${searchSql(text, level, locale)}`;
  return rows.map(({ filmSlug, filmTitle, quotes, ...hit }) => ({
    ...hit,
    snippets: quotes.map(splitSnippet).filter((parts) => parts.length > 0),
    film: { slug: filmSlug, title: filmTitle },
  }));
}

export type SearchAnswer = {
  hits: SearchHit[];
  /** Nothing matched the query as typed: these hits are for this correction of it ("did you mean"). */
  correctedTo: string | null;
  /**
   * Nothing matched, corrected or not: films and people whose names resemble the query (the
   * suggestions' own search, suggest-search.ts, at the same level), so the page is no dead end.
   */
  near: SearchSuggestion[];
};

/**
 * A search as the search page runs it: the query as typed, and when that finds nothing, its
 * correction at the reader's level (correct-query.ts) when that finds something, else the names
 * near it. Queries that match pay nothing more.
 */
export async function searchWithCorrection(query: string, level: SpoilerLevel, locale?: string): Promise<SearchAnswer> {
  const text = normalizeQuery(query);
  if (!text) return { hits: [], correctedTo: null, near: [] };
  const hits = await searchPublished(text, level, locale);
  if (hits.length > 0) return { hits, correctedTo: null, near: [] };
  // "Did you mean" knows the words of the pages in the language searched (SearchTerm).
  const corrected = await correctQuery(text, level, locale);
  const again = corrected ? await searchPublished(corrected, level, locale) : [];
  if (corrected && again.length > 0) return { hits: again, correctedTo: corrected, near: [] };
  return { hits, correctedTo: null, near: await suggestSearch(text, level, locale) };
}

/** What ranking needs of a matching document; its body is read for the quoted rows only (by ctid). */
const CANDIDATE_COLUMNS = Prisma.sql`d.ctid AS row, d."filmId", d.kind, d."itemId", d.position, d.level, d.title, d.tsv`;

/**
 * The search statement, also run under EXPLAIN ANALYZE and timed by the scale benchmark.
 *
 * Matching, in three branches that each keep at most MAX_RANKED candidates:
 * - films: film documents (title + premise) through their own partial GIN index (kind = 'film');
 * - items: everything inside a film, through the whole tsvector index, read only when fewer than a
 *   page of films matched (films rank first, so more would never be shown);
 * - approximate: pg_trgm on titles and names, for typos, only when the words found fewer than a
 *   page. When it ran for every query, a common word re-read every document whose title resembles
 *   it (thousands at 10,000 films) only to drop those the words already had.
 * `q` is materialised once, so PostgreSQL plans the index scans without seeing the tsquery.
 *
 * Ranking: the film itself (its title or premise matched) comes before anything inside a film;
 * then ts_rank_cd (title weighted above body) plus the title's word similarity. Only the top rows
 * (with ties, so the tie-breakers below see every tied row) are joined to their film and quoted.
 *
 * Snippets: the body holds one field per line (build-search-documents.ts); each field holding a
 * query word is quoted on its own (at most SNIPPET_FIELDS), so words of different fields never run
 * together, and a quote cut from the middle of its field begins or ends with "…". A document matched by its title alone quotes its first field.
 */
export function searchSql(text: string, level: SpoilerLevel, locale?: string) {
  const levels = Prisma.sql`${levelsUpTo(level)}::"SpoilerLevel"[]`;
  const config = searchConfig(locale ?? defaultLocale());
  const language = Prisma.sql`d.locale = ${locale ?? ''}`;
  // In a translation's language, the film is named as its readers know it: the title of its film document there.
  const filmTitle = locale
    ? Prisma.sql`coalesce((SELECT t.title FROM "SearchDocument" t WHERE t."filmId" = top."filmId" AND t.locale = ${locale} AND t.kind = 'film' LIMIT 1), f.title)`
    : Prisma.sql`f.title`;
  return Prisma.sql`
    WITH q AS MATERIALIZED (SELECT websearch_to_tsquery(${config}::regconfig, ${text}) AS query),
    films AS MATERIALIZED (
      SELECT ${CANDIDATE_COLUMNS} FROM "SearchDocument" d, q
      WHERE ${language} AND d.kind = 'film' AND d.level = ANY(${levels}) AND d.tsv @@ q.query
      LIMIT ${MAX_RANKED}
    ),
    items AS MATERIALIZED (
      SELECT ${CANDIDATE_COLUMNS} FROM "SearchDocument" d, q
      WHERE (SELECT count(*) FROM films) < ${LIMIT}
        AND ${language} AND d.kind <> 'film' AND d.level = ANY(${levels}) AND d.tsv @@ q.query
      LIMIT ${MAX_RANKED}
    ),
    approximate AS (
      SELECT ${CANDIDATE_COLUMNS} FROM "SearchDocument" d, q
      WHERE (SELECT count(*) FROM films) + (SELECT count(*) FROM items) < ${LIMIT}
        AND ${language} AND d.level = ANY(${levels}) AND d.kind IN (${Prisma.join(NAMED_KINDS)}) AND ${text} <% d.title AND NOT d.tsv @@ q.query
      LIMIT ${MAX_RANKED}
    ),
    candidates AS (SELECT * FROM films UNION ALL SELECT * FROM items UNION ALL SELECT * FROM approximate),
    top AS (
      SELECT c.row, c."filmId", c.kind, c."itemId", c.position, c.level, c.title, c.kind = 'film' AS "isFilm",
             ts_rank_cd(c.tsv, q.query) + word_similarity(${text}, c.title) AS rank
      FROM candidates c, q
      ORDER BY "isFilm" DESC, rank DESC
      FETCH FIRST ${LIMIT} ROWS WITH TIES
    ),
    hit AS (
      SELECT top.*, f.slug AS "filmSlug", ${filmTitle} AS "filmTitle", f."publishedAt"
      FROM top JOIN "PublishedFilm" f ON f."filmId" = top."filmId"
      ORDER BY top."isFilm" DESC, top.rank DESC, f."publishedAt" DESC, top.position
      LIMIT ${LIMIT}
    )
    SELECT hit.kind, hit."itemId", hit.level::text AS level, hit.title, hit."filmSlug", hit."filmTitle", quoted.fields AS quotes
    FROM hit CROSS JOIN q
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(field.quote ORDER BY field.n), '{}') AS fields
      FROM (
        SELECT f.quote, f.n, row_number() OVER (ORDER BY NOT f.matched, f.n) AS pick, bool_or(f.matched) OVER () AS "anyMatched", f.matched
        FROM (
          SELECT CASE WHEN c.at > 1 THEN '… ' ELSE '' END || h.quote || CASE WHEN c.at > 0 AND c.at + length(c.plain) <= length(rtrim(u.text)) THEN ' …' ELSE '' END AS quote,
                 u.n, strpos(h.quote, chr(2)) > 0 AS matched
          FROM "SearchDocument" d,
               unnest(string_to_array(d.body, chr(10))) WITH ORDINALITY AS u(text, n),
               ts_headline(${config}::regconfig, u.text, q.query, ${HEADLINE}) AS h(quote),
               -- Where the quote lies in its field: one cut from the middle says so with "…".
               LATERAL (SELECT btrim(translate(h.quote, chr(2) || chr(3), '')) AS plain) p,
               LATERAL (SELECT p.plain, strpos(u.text, p.plain) AS at) c
          WHERE d.ctid = hit.row AND btrim(u.text) <> ''
        ) f
      ) field
      WHERE CASE WHEN field."anyMatched" THEN field.matched AND field.pick <= ${SNIPPET_FIELDS} ELSE field.pick = 1 END
    ) quoted
    ORDER BY hit."isFilm" DESC, hit.rank DESC, hit."publishedAt" DESC, hit.position`;
}

/** Where a hit lives on the site: the film page's section or item anchor, or a person's page. */
export function hitHref(hit: Pick<SearchHit, 'kind' | 'itemId' | 'film'>, locale?: string): string {
  return searchHitHref(hit.kind, hit.itemId, hit.film.slug, locale);
}
