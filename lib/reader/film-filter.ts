import { countryCodeSchema, countryName, genreKey } from '../page/parts/facts';
import { buildAddress, segmentText, textSegment } from './reader-address.mjs';

/**
 * The home page's filters and order: `/?genre=drama&year=2017&country=CA&sort=title` (and
 * `/page/N?…` for later pages). Kept free of server-only imports: proxy.ts rewrites such an address
 * onto its static variant `/filter/{genre}/{year}/{country}/{sort}/{n}` (`g-` + the genre in
 * base64url, or `all`; `2017` or `all`; `CA` or `all`; `published`, `title` or `year`), so a filtered
 * or sorted list is a cached page like the home page, invalidated by the same `films` tag, and
 * publicly cacheable (it does not depend on the reader's level: lists show titles, premises and
 * posters at level none only).
 */
export type FilmFilter = { genre: string | null; year: number | null; country: string | null; sort: FilmSort };

/** The list's orders: newest published first (the default), title A–Z, release year newest first. */
export const FILM_SORTS = ['published', 'title', 'year'] as const;
export type FilmSort = (typeof FILM_SORTS)[number];
export const DEFAULT_SORT: FilmSort = 'published';

export const SORT_LABELS: Record<FilmSort, string> = {
  published: 'Newest published',
  title: 'Title A–Z',
  year: 'Release year',
};

export const NO_FILTER: FilmFilter = { genre: null, year: null, country: null, sort: DEFAULT_SORT };

const MAX_GENRE = 60;

/** Whether the list is narrowed (genre, year or country); the order alone narrows nothing. */
export const isFiltered = (filter: FilmFilter) => filter.genre !== null || filter.year !== null || filter.country !== null;

/** Whether the list is the plain one (`/`, `/page/N`): no filter and the default order. */
export const isPlainList = (filter: FilmFilter) => !isFiltered(filter) && filter.sort === DEFAULT_SORT;

/** The filter's values in words, for headings and titles: "drama, 2017, Canada" (`nameCountry`: a country in the page's language). */
export const filterWords = (filter: FilmFilter, nameCountry: (code: string) => string = countryName) =>
  [filter.genre, filter.year, filter.country === null ? null : nameCountry(filter.country)].filter((part) => part !== null).join(', ');

/**
 * A filter value the list cannot use, in words for the reader (the list shows it above the form).
 * The same for every wrong value, so the page that says it is one cached page per field.
 */
export type FilterProblem = { field: 'genre' | 'year' | 'country' | 'sort'; message: string };

export const FILTER_PROBLEMS: Record<FilterProblem['field'], FilterProblem> = {
  genre: { field: 'genre', message: `A genre is at most ${MAX_GENRE} characters of text.` },
  year: { field: 'year', message: 'That is not a year: use four digits, from 1870 to 2100.' },
  country: { field: 'country', message: 'That is not a country: use a two-letter code such as CA (ISO 3166).' },
  sort: { field: 'sort', message: 'The films can be sorted by newest published, title or release year.' },
};

/** The query parameters a list address reads; any of them present makes proxy.ts rewrite it. */
export const FILTER_PARAMS = ['genre', 'year', 'country', 'sort'] as const;

/** A country code the facts accept ("CA"; "ca" is read as "CA"), else null. */
function countryCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return countryCodeSchema.safeParse(code).success ? code : null;
}

const isSort = (value: string): value is FilmSort => (FILM_SORTS as readonly string[]).includes(value);

/** The filter of a query string, or what is wrong with it. */
export function readFilterQuery(params: URLSearchParams): { filter: FilmFilter; problem: null } | { filter: null; problem: FilterProblem } {
  const given = (name: string) => {
    const text = params.get(name);
    return text === null || text.trim() === '' ? null : text;
  };
  const genreText = given('genre');
  const genre = genreText === null ? null : genreKey(genreText);
  if (genre !== null && (genre.length > MAX_GENRE || /[\u0000-\u001f\u007f]/u.test(genre))) {
    return { filter: null, problem: FILTER_PROBLEMS.genre };
  }
  let year: number | null = null;
  const yearText = given('year');
  if (yearText !== null) {
    const text = yearText.trim();
    year = /^\d{4}$/u.test(text) ? Number(text) : null;
    if (year === null || year < 1870 || year > 2100) return { filter: null, problem: FILTER_PROBLEMS.year };
  }
  const countryText = given('country');
  const country = countryText === null ? null : countryCode(countryText);
  if (countryText !== null && country === null) return { filter: null, problem: FILTER_PROBLEMS.country };
  const sortText = given('sort')?.trim() ?? DEFAULT_SORT;
  if (!isSort(sortText)) return { filter: null, problem: FILTER_PROBLEMS.sort };
  return { filter: { genre, year, country, sort: sortText }, problem: null };
}

/** The filter of a query string; `null` when a value cannot be a filter. */
export function filterFromQuery(params: URLSearchParams): FilmFilter | null {
  return readFilterQuery(params).filter;
}

/** The query string of a filter ("?genre=drama&year=2017&country=CA&sort=title"), "" for none. */
export function filterQuery(filter: FilmFilter): string {
  const params = new URLSearchParams();
  if (filter.genre !== null) params.set('genre', filter.genre);
  if (filter.year !== null) params.set('year', String(filter.year));
  if (filter.country !== null) params.set('country', filter.country);
  if (filter.sort !== DEFAULT_SORT) params.set('sort', filter.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Where page `n` of a (filtered) list lives: `/` for the first, `/page/n` after, the filter as the
 * query; with `locale`, the list in a translation's language (`/fr`, `/fr/page/n`).
 */
export const listPageHref = (n: number, filter: FilmFilter = NO_FILTER, locale?: string) =>
  `${buildAddress(locale ? { kind: 'list', page: n, locale } : { kind: 'list', page: n })}${filterQuery(filter)}`;

/** The static variant a filtered or sorted list address is served from (`/fr/filter/…` in a translation's language). */
export function filterVariantPath(filter: FilmFilter, page: number, locale?: string): string {
  // A genre as one segment (base64url of its UTF-8): no character of a genre can change the path.
  const genre = filter.genre === null ? 'all' : `g-${textSegment(filter.genre)}`;
  return `${locale ? `/${locale}` : ''}/filter/${genre}/${filter.year ?? 'all'}/${filter.country ?? 'all'}/${filter.sort}/${page}`;
}

/** The page a list address with a filter that is no filter is served from: the list with the problem said (`/fr/filter/invalid/…`). */
export const invalidFilterPath = (field: FilterProblem['field'], locale?: string) =>
  `${locale ? `/${locale}` : ''}/filter/invalid/${field}`;

/**
 * The filter of a variant's segments (already decoded by Next), or null when they name none: a
 * value that is no filter, or the plain list (which is `/` or `/page/N`, never a variant).
 */
export function filterFromSegments(segments: { genre: string; year: string; country: string; sort: string }): FilmFilter | null {
  const query = new URLSearchParams();
  if (segments.genre !== 'all') {
    const decoded = segments.genre.startsWith('g-') ? segmentText(segments.genre.slice(2)) : null;
    if (decoded === null) return null;
    query.set('genre', decoded);
  }
  if (segments.year !== 'all') query.set('year', segments.year);
  // Upper case only: one variant per list.
  if (segments.country !== 'all') {
    if (!/^[A-Z]{2}$/u.test(segments.country)) return null;
    query.set('country', segments.country);
  }
  query.set('sort', segments.sort);
  const filter = filterFromQuery(query);
  return filter && !isPlainList(filter) ? filter : null;
}
