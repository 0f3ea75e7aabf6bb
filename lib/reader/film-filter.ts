import { genreKey } from '../page/parts/facts';

/**
 * The home page's filters: `/?genre=drama&year=2017` (and `/page/N?…` for older films). Kept free of
 * server-only imports: proxy.ts rewrites a filtered address onto its static variant
 * `/filter/{genre}/{year}/{n}` (`g-` + the genre in base64url, or `all`; `2017` or `all`), so a filtered list is a cached
 * page like the home page, invalidated by the same `films` tag, and publicly cacheable (it does not
 * depend on the reader's level: lists show titles and premises only).
 */
export type FilmFilter = { genre: string | null; year: number | null };

export const NO_FILTER: FilmFilter = { genre: null, year: null };

const MAX_GENRE = 60;

export const isFiltered = (filter: FilmFilter) => filter.genre !== null || filter.year !== null;

/**
 * A filter value the list cannot use, in words for the reader (the list shows it above the form).
 * The same for every wrong value, so the page that says it is one cached page per field.
 */
export type FilterProblem = { field: 'genre' | 'year'; message: string };

export const FILTER_PROBLEMS: Record<FilterProblem['field'], FilterProblem> = {
  genre: { field: 'genre', message: `A genre is at most ${MAX_GENRE} characters of text.` },
  year: { field: 'year', message: 'That is not a year: use four digits, from 1870 to 2100.' },
};

/** The filter of a query string, or what is wrong with it. */
export function readFilterQuery(params: URLSearchParams): { filter: FilmFilter; problem: null } | { filter: null; problem: FilterProblem } {
  const genreText = params.get('genre');
  const yearText = params.get('year');
  const genre = genreText === null || genreText.trim() === '' ? null : genreKey(genreText);
  if (genre !== null && (genre.length > MAX_GENRE || /[\u0000-\u001f\u007f]/u.test(genre))) {
    return { filter: null, problem: FILTER_PROBLEMS.genre };
  }
  let year: number | null = null;
  if (yearText !== null && yearText.trim() !== '') {
    const text = yearText.trim();
    year = /^\d{4}$/u.test(text) ? Number(text) : null;
    if (year === null || year < 1870 || year > 2100) return { filter: null, problem: FILTER_PROBLEMS.year };
  }
  return { filter: { genre, year }, problem: null };
}

/** The filter of a query string; `null` when a value cannot be a filter. */
export function filterFromQuery(params: URLSearchParams): FilmFilter | null {
  return readFilterQuery(params).filter;
}

/** The query string of a filter ("?genre=drama&year=2017"), "" for none. */
export function filterQuery(filter: FilmFilter): string {
  const params = new URLSearchParams();
  if (filter.genre !== null) params.set('genre', filter.genre);
  if (filter.year !== null) params.set('year', String(filter.year));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where page `n` of a (filtered) list lives: `/` for the first, `/page/n` after, the filter as the query. */
export const listPageHref = (n: number, filter: FilmFilter = NO_FILTER) => `${n <= 1 ? '/' : `/page/${n}`}${filterQuery(filter)}`;

/** A genre as a path segment: base64url of its UTF-8, so no character of a genre can change the path. */
function genreSegment(genre: string): string {
  const bytes = new TextEncoder().encode(genre);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/gu, '-')
    .replace(/\//gu, '_')
    .replace(/=+$/u, '');
}

function genreOfSegment(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/u.test(segment)) return null;
  try {
    const binary = atob(segment.replace(/-/gu, '+').replace(/_/gu, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The static variant a filtered list address is served from. */
export function filterVariantPath(filter: FilmFilter, page: number): string {
  const genre = filter.genre === null ? 'all' : `g-${genreSegment(filter.genre)}`;
  return `/filter/${genre}/${filter.year ?? 'all'}/${page}`;
}

/** The filter of a variant's segments (already decoded by Next), or null when they name none. */
export function filterFromSegments(genre: string, year: string): FilmFilter | null {
  const query = new URLSearchParams();
  if (genre !== 'all') {
    const decoded = genre.startsWith('g-') ? genreOfSegment(genre.slice(2)) : null;
    if (decoded === null) return null;
    query.set('genre', decoded);
  }
  if (year !== 'all') query.set('year', year);
  const filter = filterFromQuery(query);
  return filter && isFiltered(filter) ? filter : null;
}

/** The list page a path shows: `/` → 1, `/page/3` → 3, anything else null. */
export function listPageOf(pathname: string): number | null {
  if (pathname === '/') return 1;
  const match = /^\/page\/([1-9]\d{0,6})\/?$/u.exec(pathname);
  return match ? Number(match[1]) : null;
}
