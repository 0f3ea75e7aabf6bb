import 'server-only';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import type { SearchKind } from './build-search-documents';
import { splitSnippet, type SnippetPart } from './snippet';

export type SearchHit = {
  kind: SearchKind;
  itemId: string;
  level: SpoilerLevel;
  title: string;
  snippet: SnippetPart[];
  film: { slug: string; title: string };
};

export const MAX_QUERY_LENGTH = 200;
const LIMIT = 30;

// Marks around matched words in ts_headline: control characters that never occur in page text.
const HEADLINE = 'StartSel=\u0002, StopSel=\u0003, MaxWords=32, MinWords=14, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * At most this many matching documents are ranked per query. Ranking reads every candidate's
 * tsvector and title, so without a bound a common word costs in proportion to the catalogue (at
 * 10,000 films "skating" matches ~37,000 documents); with it, a query costs about the same at any
 * size. Queries with fewer matches (most: names, titles, rarer words) are ranked exactly; a very
 * common word ranks the first MAX_RANKED matches PostgreSQL finds (see docs/benchmarks.md).
 */
export const MAX_RANKED = 2_000;

/**
 * Full-text search over published content, at the reader's level only: documents above the level
 * are filtered out in SQL, so they are neither matched nor quoted. Words match through the english
 * tsvector (GIN index); names and titles also match approximately through pg_trgm word similarity.
 * Snippets (ts_headline, the costliest part per row) are made for the returned page only.
 */
export async function searchPublished(query: string, level: SpoilerLevel): Promise<SearchHit[]> {
  const text = normalizeQuery(query);
  if (!text) return [];
  const rows = await db().$queryRaw<Array<Omit<SearchHit, 'snippet' | 'film'> & { snippet: string; filmSlug: string; filmTitle: string }>>`
    ${searchSql(text, level)}`;
  return rows.map(({ filmSlug, filmTitle, snippet, ...hit }) => ({ ...hit, snippet: splitSnippet(snippet), film: { slug: filmSlug, title: filmTitle } }));
}

/** The query as searched: control characters out, trimmed, at most MAX_QUERY_LENGTH characters (also the cache key). */
export function normalizeQuery(query: string): string {
  return query.replace(/[\u0000-\u001f]/gu, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * The search statement, also run under EXPLAIN ANALYZE by the scale benchmark. Each way of matching
 * reads its own GIN index (an OR of both would scan the table); candidates are ranked without the
 * film join, and only the top ones (with ties, so the tie-breakers below see every tied row) are
 * joined to their film and get a snippet.
 */
export function searchSql(text: string, level: SpoilerLevel) {
  const levels = Prisma.sql`${levelsUpTo(level)}::"SpoilerLevel"[]`;
  return Prisma.sql`
    WITH q AS (SELECT websearch_to_tsquery('english', ${text}) AS query),
    candidates AS (
      (SELECT d.* FROM "SearchDocument" d, q WHERE d.level = ANY(${levels}) AND d.tsv @@ q.query LIMIT ${MAX_RANKED})
      UNION ALL
      (SELECT d.* FROM "SearchDocument" d, q
       WHERE d.level = ANY(${levels}) AND d.kind IN ('film', 'person', 'character', 'event', 'theme') AND ${text} <% d.title AND NOT d.tsv @@ q.query
       LIMIT ${MAX_RANKED})
    ),
    top AS (
      SELECT c.*, ts_rank_cd(c.tsv, q.query) + word_similarity(${text}, c.title) AS rank
      FROM candidates c, q
      ORDER BY rank DESC
      FETCH FIRST ${LIMIT} ROWS WITH TIES
    )
    SELECT hit.kind, hit."itemId", hit.level::text AS level, hit.title, hit."filmSlug", hit."filmTitle",
           ts_headline('english', hit.body, q.query, ${HEADLINE}) AS snippet
    FROM (
      SELECT top.kind, top."itemId", top.level, top.title, top.body, top.rank, top.position, f.slug AS "filmSlug", f.title AS "filmTitle", f."publishedAt"
      FROM top JOIN "PublishedFilm" f ON f."filmId" = top."filmId"
      ORDER BY top.rank DESC, f."publishedAt" DESC, top.position
      LIMIT ${LIMIT}
    ) hit, q
    ORDER BY hit.rank DESC, hit."publishedAt" DESC, hit.position`;
}

/** Where a hit lives on the site: the film page's section or item anchor, or a person's page. */
export function hitHref(hit: Pick<SearchHit, 'kind' | 'itemId' | 'film'>): string {
  const film = `/films/${hit.film.slug}`;
  switch (hit.kind) {
    case 'film':
      return film;
    case 'person':
      return `/people/${hit.itemId}`;
    case 'event':
    case 'character':
    case 'theme':
      return `${film}#${hit.kind}-${hit.itemId}`;
    case 'story':
    case 'setting':
    case 'kind':
      return `${film}#${hit.kind}`;
  }
}
