import { apiHandler } from '@/lib/api/api-handler';
import { NotFoundError } from '@/lib/errors';
import { getFilmCached, getFilmUpToCached } from '@/lib/reader/cached-reader';
import { cachedJson } from '@/lib/reader/json-response';
import { levelDecisionOf } from '@/lib/reader/reader-level';

/**
 * `GET /api/v1/films/{slug}?spoilers=none|light|full`: the page as a VisibleFilm at that level
 * (from `?spoilers=`, else the reader's cookie, else none). Content above the level is absent,
 * `hidden` counts it. `?upto=N` (or the cookie's choice for the film): read up to a point, only
 * what the first N events reveal (`upto` says so). 404 JSON for a film that is not published.
 */
export const GET = apiHandler<{ slug: string }, null>(null, async ({ request, params }) => {
  const { level, source, upto } = levelDecisionOf(request.headers);
  const film = upto === undefined ? await getFilmCached(params.slug, level) : await getFilmUpToCached(params.slug, upto);
  if (!film) throw new NotFoundError(`No published film “${params.slug}”`);
  return cachedJson(request, film, { chosenByCookie: source === 'cookie' });
});
