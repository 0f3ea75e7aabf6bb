import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';

/**
 * `/search?q=…` as a cached page: proxy.ts rewrites it onto one static variant per query, level
 * and where the level came from (`/search/level/{level}/{source}/{query}`), so a repeated search is
 * answered from the page cache instead of being rendered per request. Pure: proxy.ts imports it.
 */

export const MAX_QUERY_LENGTH = 200;
const SEARCH_PATH = /^\/search\/?$/u;

/** Where the level came from: `?spoilers=` (links on the page carry it over) or the cookie. */
export type LevelSource = 'query' | 'cookie';
const SOURCES: readonly LevelSource[] = ['query', 'cookie'];

/** The query as searched: control characters out, trimmed, at most MAX_QUERY_LENGTH characters (also the cache key). */
export function normalizeQuery(query: string): string {
  return query
    .replace(/[\u0000-\u001f]/gu, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

export const isSearchAddress = (pathname: string) => SEARCH_PATH.test(pathname);

/**
 * The internal path of one search. The query is base64url-encoded into one path segment: any text
 * (slashes, dots, percent signs) survives the rewrite and Next's segment decoding unchanged.
 */
export function searchVariantPath(query: string, level: SpoilerLevel, source: LevelSource): string {
  const text = normalizeQuery(query);
  const base = `/search/level/${level}/${source}`;
  return text ? `${base}/${Buffer.from(text, 'utf8').toString('base64url')}` : base;
}

/** The route's segments back to what was searched; null when they name no variant (404). */
export function searchFromParams(params: {
  level: string;
  source: string;
  q?: string[];
}): { query: string; level: SpoilerLevel; source: LevelSource } | null {
  const level = (SPOILER_LEVELS as readonly string[]).includes(params.level) ? (params.level as SpoilerLevel) : null;
  const source = (SOURCES as readonly string[]).includes(params.source) ? (params.source as LevelSource) : null;
  if (!level || !source) return null;
  const segments = params.q ?? [];
  if (segments.length > 1) return null;
  if (segments.length === 0) return { query: '', level, source };
  const encoded = segments[0];
  if (!/^[A-Za-z0-9_-]+$/u.test(encoded)) return null;
  const query = Buffer.from(encoded, 'base64url').toString('utf8');
  // Only the canonical encoding of a normalised query names a page: one cache entry per search.
  return searchVariantPath(query, level, source) === `/search/level/${level}/${source}/${encoded}` ? { query, level, source } : null;
}

/** Every level × source with no query: the empty search page, prerendered at build time. */
export const emptySearchParams = () => SPOILER_LEVELS.flatMap((level) => SOURCES.map((source) => ({ level, source, q: [] as string[] })));
