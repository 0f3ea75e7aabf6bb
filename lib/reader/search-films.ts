import 'server-only';
import { db } from '../db';
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
 * Full-text search over published content, at the reader's level only: documents above the level
 * are filtered out in SQL, so they are neither matched nor quoted. Words match through the english
 * tsvector (GIN index); names and titles also match approximately through pg_trgm word similarity.
 */
export async function searchPublished(query: string, level: SpoilerLevel): Promise<SearchHit[]> {
  const text = query.replace(/[\u0000-\u001f]/gu, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  if (!text) return [];
  const rows = await db().$queryRaw<Array<Omit<SearchHit, 'snippet' | 'film'> & { snippet: string; filmSlug: string; filmTitle: string }>>`
    SELECT hit.kind, hit."itemId", hit.level::text AS level, hit.title, hit."filmSlug", hit."filmTitle",
           ts_headline('english', hit.body, hit.query, ${HEADLINE}) AS snippet
    FROM (
      SELECT d.kind, d."itemId", d.level, d.title, d.body, q.query, f.slug AS "filmSlug", f.title AS "filmTitle",
             ts_rank_cd(d.tsv, q.query) + word_similarity(${text}, d.title) AS rank, f."publishedAt", d.position
      FROM "SearchDocument" d
      JOIN "PublishedFilm" f ON f."filmId" = d."filmId"
      CROSS JOIN (SELECT websearch_to_tsquery('english', ${text}) AS query) q
      WHERE d.level = ANY(${levelsUpTo(level)}::"SpoilerLevel"[])
        AND (d.tsv @@ q.query OR (d.kind IN ('film', 'person', 'character', 'event', 'theme') AND ${text} <% d.title))
      ORDER BY rank DESC, f."publishedAt" DESC, d.position
      LIMIT ${LIMIT}
    ) hit
    ORDER BY hit.rank DESC, hit."publishedAt" DESC, hit.position`;
  return rows.map(({ filmSlug, filmTitle, snippet, ...hit }) => ({ ...hit, snippet: splitSnippet(snippet), film: { slug: filmSlug, title: filmTitle } }));
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
