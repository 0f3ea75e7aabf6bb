import { apiOperation } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { listEnvelope } from '@/lib/api/list';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { NO_FILTER } from '@/lib/reader/film-filter';
import { cachedJson } from '@/lib/reader/json-response';
import { genreKey } from '@/lib/page/parts/facts';
import { buildAddress, filmPath } from '@/lib/reader/reader-address.mjs';
import { defaultLocale, requestedLocale } from '@/lib/i18n/site-locales';
import { fieldUnitKey, type Untranslated } from '@/lib/translations/unit-key';

/**
 * `GET /api/v1/films?page=N[&pageSize=…][&sort=published|title|year][&genre=…][&year=…][&locale=…]`:
 * published films, a page at a time (the list envelope); spoiler-free (title, year, premise). With
 * a translation's language, the films published in it, as its list page shows them.
 */
const POSTER_ALT = fieldUnitKey('poster', 'alt');
const withoutPosterText = (untranslated: Untranslated | undefined) => {
  const keys = untranslated?.keys.filter((key) => key !== POSTER_ALT) ?? [];
  return untranslated && keys.length > 0 ? { untranslated: { ...untranslated, keys } } : {};
};

export const GET = apiOperation(readerOperations.listPublishedFilms, null, async ({ request, query }) => {
  const asked = requestedLocale(query.locale ?? null);
  const locale = asked === defaultLocale() ? undefined : asked;
  const filter = {
    ...NO_FILTER,
    genre: query.genre === undefined ? null : genreKey(query.genre),
    year: query.year ?? null,
    sort: query.sort,
  };
  const list = await listFilmPageCached(query.page, filter, query.pageSize, locale);
  // The API's summaries carry no poster, so no mark of its text either.
  const films = list.films.map(({ poster: _poster, untranslated, ...film }) => ({
    ...film,
    ...withoutPosterText(untranslated),
    url: filmPath(film.slug, locale),
    href: buildAddress(locale ? { kind: 'film-api', slug: film.slug, locale } : { kind: 'film-api', slug: film.slug }),
  }));
  const response = cachedJson(request, listEnvelope(films, query, list.facets.total));
  response.headers.set('Content-Language', asked);
  return response;
});
