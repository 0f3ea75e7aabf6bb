/**
 * Every react-query key of the editor, in one place, so invalidations and optimistic updates
 * always name the same cache entries. Keys are arrays from the general to the specific, so
 * invalidating a prefix (e.g. `editorKeys.films()`) refreshes everything below it.
 */
export const editorKeys = {
  all: ['editor'] as const,
  films: () => [...editorKeys.all, 'films'] as const,
  filmList: () => [...editorKeys.films(), 'list'] as const,
  /** One film by its id (stable across slug changes). */
  film: (filmId: string) => [...editorKeys.films(), 'film', filmId] as const,
  filmStatus: (filmId: string) => [...editorKeys.film(filmId), 'status'] as const,
  people: () => [...editorKeys.all, 'people'] as const,
  peopleSearch: (query: string) => [...editorKeys.people(), 'search', query.trim().toLowerCase()] as const,
};

/** Addresses of the editor's read-only JSON routes (GET, safe to retry). */
export const editorApi = {
  films: () => '/editor/api/films',
  filmStatus: (filmId: string) => `/editor/api/films/${encodeURIComponent(filmId)}`,
  people: (query: string) => `/editor/api/people?q=${encodeURIComponent(query)}`,
};
