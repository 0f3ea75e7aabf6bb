import { apiHandler } from '@/lib/api/api-handler';
import { NotFoundError } from '@/lib/errors';
import { getFilmCached } from '@/lib/reader/cached-reader';
import { cachedJson } from '@/lib/reader/json-response';
import { SPOILER_COOKIE, SPOILER_QUERY, readerLevel } from '@/lib/reader/reader-level';
import { parseSpoilerLevel } from '@/lib/spoilers/levels';

/**
 * `GET /api/v1/films/{slug}?spoilers=none|light|full`: the page as a VisibleFilm at that level
 * (from `?spoilers=`, else the reader's cookie, else none). Content above the level is absent,
 * `hidden` counts it. 404 JSON for a film that is not published.
 */
export const GET = apiHandler<{ slug: string }, null>(null, async ({ request, params }) => {
  const query = request.nextUrl.searchParams.get(SPOILER_QUERY);
  const fromQuery = parseSpoilerLevel(query, 'none') === query;
  const level = readerLevel(query, request.cookies.get(SPOILER_COOKIE)?.value, params.slug);
  const film = await getFilmCached(params.slug, level);
  if (!film) throw new NotFoundError(`No published film “${params.slug}”`);
  return cachedJson(request, film, { varyCookie: !fromQuery });
});
