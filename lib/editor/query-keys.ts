/** What the editor's film list shows: the text searched for, a status (or all) and a page. */
export type FilmListQuery = { q: string; status: string; page: number };

/** The film list's query string (also the /editor address bar's), defaults left out: "" or "?q=…&status=…&page=…". */
export function filmListSearch({ q, status, page }: FilmListQuery): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (status !== 'all') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Every react-query key of the editor, in one place, so invalidations and optimistic updates
 * always name the same cache entries. Keys are arrays from the general to the specific, so
 * invalidating a prefix (e.g. `editorKeys.films()`) refreshes everything below it.
 */
export const editorKeys = {
  all: ['editor'] as const,
  films: () => [...editorKeys.all, 'films'] as const,
  /** One page of the film list, as filtered (text trimmed, status or 'all'). */
  filmList: (filter: FilmListQuery) => [...editorKeys.films(), 'list', filter] as const,
  /** One film by its id (stable across slug changes). */
  film: (filmId: string) => [...editorKeys.films(), 'film', filmId] as const,
  filmStatus: (filmId: string) => [...editorKeys.film(filmId), 'status'] as const,
  /** The film's scheduled jobs. */
  filmJobs: (filmId: string) => [...editorKeys.film(filmId), 'jobs'] as const,
  people: () => [...editorKeys.all, 'people'] as const,
  peopleSearch: (query: string) => [...editorKeys.people(), 'search', query.trim().toLowerCase()] as const,
  /** One page of the media library (the picker's), for a search. */
  media: (page: number, q = '') => [...editorKeys.all, 'media', page, q] as const,
  /** An image's current version (its addresses carry it); under `media`, so a replace's invalidation reaches it. */
  mediaVersion: (imageId: string) => [...editorKeys.all, 'media', 'version', imageId] as const,
};

/** Addresses of the editor's read-only JSON routes (GET, safe to retry). */
export const editorApi = {
  films: (filter: FilmListQuery) => `/editor/api/films${filmListSearch(filter)}`,
  filmStatus: (filmId: string) => `/editor/api/films/${encodeURIComponent(filmId)}`,
  filmJobs: (slug: string) => `/api/v1/editor/films/${encodeURIComponent(slug)}/schedule`,
  people: (query: string) => `/editor/api/people?q=${encodeURIComponent(query)}`,
  media: (page: number, q = '') => `/api/v1/editor/media?page=${page}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
  mediaVersions: (imageIds: readonly string[]) => `/editor/api/media-versions?ids=${imageIds.join(',')}`,
};
