import { apiHandler } from '@/lib/api/api-handler';
import { listFilmsCached } from '@/lib/reader/cached-reader';
import { cachedJson } from '@/lib/reader/json-response';

/** `GET /api/v1/films`: published films, newest first; spoiler-free (title, year, premise). */
export const GET = apiHandler(null, async ({ request }) => {
  const films = await listFilmsCached();
  return cachedJson(request, {
    films: films.map((film) => ({ ...film, url: `/films/${film.slug}`, href: `/api/v1/films/${film.slug}` })),
  });
});
