import { apiOperation } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { suggestSearch } from '@/lib/reader/suggest-search';
import { cachedJson } from '@/lib/reader/json-response';
import { defaultLocale, requestedLocale } from '@/lib/i18n/site-locales';

/**
 * `GET /api/v1/search/suggestions?q=…[&spoilers=…][&locale=fr]`: films and people to offer while a
 * reader types in a search box (in a translation's language: its titles, linking to its pages), at their level (the query's, else their cookie's, as proxy.ts decided it). The
 * search form works without it: it only adds links under the box.
 */
export const GET = apiOperation(readerOperations.suggestSearch, null, async ({ request, query: { q, locale } }) => {
  // The request's level as decided before the app (`?spoilers=` included; lib/reader/level-cookie.mjs).
  const { level, source } = levelDecisionOf(request.headers);
  // Any language of the site, its own included (as the film list and the quiz take it); another is a 400 naming `locale`.
  const language = requestedLocale(locale ?? null);
  const suggestions = await suggestSearch(q, level, language === defaultLocale() ? undefined : language);
  return cachedJson(request, { query: q, level, suggestions }, { chosenByCookie: source === 'cookie' });
});
