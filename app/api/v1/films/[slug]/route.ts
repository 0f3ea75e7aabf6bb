import { apiHandler } from '@/lib/api/api-handler';
import { NotFoundError } from '@/lib/errors';
import { getFilmCached } from '@/lib/reader/cached-reader';
import { cachedJson } from '@/lib/reader/json-response';
import { levelDecisionOf } from '@/lib/reader/reader-level';

/**
 * `GET /api/v1/films/{slug}?spoilers=none|light|full`: the page as a VisibleFilm at that level
 * (from `?spoilers=`, else the reader's cookie, else none). Content above the level is absent,
 * `hidden` counts it. 404 JSON for a film that is not published.
 */
export const GET = apiHandler<{ slug: string }, null>(null, async ({ request, params }) => {
  const { level, source } = levelDecisionOf(request.headers);
  const film = await getFilmCached(params.slug, level);
  if (!film) throw new NotFoundError(`No published film “${params.slug}”`);
  return cachedJson(request, film, { chosenByCookie: source === 'cookie' });
});
