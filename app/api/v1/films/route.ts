import { apiOperation } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { listEnvelope } from '@/lib/api/list';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { NO_FILTER } from '@/lib/reader/film-filter';
import { cachedJson } from '@/lib/reader/json-response';
import { genreKey } from '@/lib/page/parts/facts';
import { filmPath } from '@/lib/reader/reader-address.mjs';

/**
 * `GET /api/v1/films?page=N[&pageSize=…][&sort=published|title|year][&genre=…][&year=…]`: published
 * films, a page at a time (the list envelope); spoiler-free (title, year, premise).
 */
export const GET = apiOperation(readerOperations.listPublishedFilms, null, async ({ request, query }) => {
  const filter = {
    ...NO_FILTER,
    genre: query.genre === undefined ? null : genreKey(query.genre),
    year: query.year ?? null,
    sort: query.sort,
  };
  const list = await listFilmPageCached(query.page, filter, query.pageSize);
  const films = list.films.map(({ poster: _poster, ...film }) => ({
    ...film,
    url: filmPath(film.slug),
    href: `/api/v1/films/${film.slug}`,
  }));
  return cachedJson(request, listEnvelope(films, query, list.facets.total));
});
