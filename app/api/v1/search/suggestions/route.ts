import { apiOperation } from '@/lib/api/api-handler';
import { readerOperations } from '@/lib/api/operations/reader';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { suggestSearch } from '@/lib/reader/suggest-search';
import { cachedJson } from '@/lib/reader/json-response';

/**
 * `GET /api/v1/search/suggestions?q=…[&spoilers=…]`: films and people to offer while a reader types
 * in a search box, at their level (the query's, else their cookie's, as proxy.ts decided it). The
 * search form works without it: it only adds links under the box.
 */
export const GET = apiOperation(readerOperations.suggestSearch, null, async ({ request, query: { q } }) => {
  // The request's level as decided before the app (`?spoilers=` included; lib/reader/level-cookie.mjs).
  const { level, source } = levelDecisionOf(request.headers);
  return cachedJson(request, { query: q, level, suggestions: await suggestSearch(q, level) }, { chosenByCookie: source === 'cookie' });
});
