import { apiOperation } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { NotFoundError } from '@/lib/errors';
import { getFilmCached, getFilmTranslationCached, getFilmUpToCached } from '@/lib/reader/cached-reader';
import { defaultLocale, requestedLocale } from '@/lib/i18n/site-locales';
import { cachedJson } from '@/lib/reader/json-response';
import { publishedEventCount } from '@/lib/reader/published-address';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { readAddress } from '@/lib/reader/level-cookie.mjs';

/**
 * `GET /api/v1/films/{slug}?spoilers=none|light|full`: the page as a VisibleFilm at that level
 * (from `?spoilers=`, else the reader's cookie, else none). Content above the level is absent,
 * `hidden` counts it. `?upto=N` (or the cookie's choice for the film): read up to a point, only
 * what the first N events reveal (`upto` says so). 404 JSON for a film that is not published, or
 * for a point past its last event; `?upto=0` (nothing seen yet) is redirected (308) to `?spoilers=none`;
 * 400 for a level or point that is none (proxy.ts). `?locale=fr`: the published French translation,
 * the same items held back (lib/reader/get-published-translation.ts); the page's own language where
 * it has none, as `Content-Language` says; 400 for a language the site does not have.
 */
export const GET = apiOperation(readerOperations.getPublishedFilm, null, async ({ request, params }) => {
  const { level, source, upto } = levelDecisionOf(request.headers);
  const named = readAddress(new URL(request.url).pathname + new URL(request.url).search).upto;
  // Nothing seen yet is no point: the film at no spoilers, its canonical reading (as proxy.ts redirects the page).
  if (named === 0) {
    const url = new URL(request.url);
    url.searchParams.delete('upto');
    url.searchParams.set('spoilers', 'none');
    return new Response(null, {
      status: 308,
      headers: { Location: `${url.pathname}${url.search}`, 'Cache-Control': 'public, max-age=60' },
    });
  }
  const events = named === undefined ? null : await publishedEventCount(params.slug);
  if (named !== undefined && events !== null && named > events)
    throw new NotFoundError(`“${params.slug}” has ${events} events: there is no point ${named}`);
  const locale = requestedLocale(new URL(request.url).searchParams.get('locale'));
  const translated = locale === defaultLocale() ? null : await getFilmTranslationCached(params.slug, locale, level, upto);
  const film = translated ?? (upto === undefined ? await getFilmCached(params.slug, level) : await getFilmUpToCached(params.slug, upto));
  if (!film) throw new NotFoundError(`No published film “${params.slug}”`);
  const response = cachedJson(request, film, { chosenByCookie: source === 'cookie' });
  response.headers.set('Content-Language', translated ? locale : defaultLocale());
  return response;
});
