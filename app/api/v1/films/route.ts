import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { filmListPageQuerySchema } from '@/lib/api/schemas/reader-api';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { NO_FILTER } from '@/lib/reader/film-filter';
import { cachedJson } from '@/lib/reader/json-response';
import { genreKey } from '@/lib/page/parts/facts';

/** `GET /api/v1/films?page=N[&genre=…][&year=…]`: published films, newest first, a page at a time; spoiler-free (title, year, premise). */
export const GET = apiHandler(null, async ({ request }) => {
  const { page, genre, year } = parseInput(filmListPageQuerySchema, queryOf(request));
  const list = await listFilmPageCached(page, { ...NO_FILTER, genre: genre === undefined ? null : genreKey(genre), year: year ?? null });
  return cachedJson(request, {
    page: list.page,
    pages: list.pages,
    films: list.films.map(({ poster: _poster, ...film }) => ({ ...film, url: `/films/${film.slug}`, href: `/api/v1/films/${film.slug}` })),
  });
});
