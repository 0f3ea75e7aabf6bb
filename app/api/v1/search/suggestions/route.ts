import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { searchSuggestionsQuerySchema } from '@/lib/api/schemas/reader-api';
import { SPOILER_COOKIE, readerLevel } from '@/lib/reader/reader-level';
import { suggestSearch } from '@/lib/reader/suggest-search';
import { cachedJson } from '@/lib/reader/json-response';

/**
 * `GET /api/v1/search/suggestions?q=…[&spoilers=…]`: films and people to offer while a reader types
 * in a search box, at their level (the query's, else their cookie's). The search form works without
 * it: it only fills the box's list of suggestions.
 */
export const GET = apiHandler(null, async ({ request }) => {
  const { q, spoilers } = parseInput(searchSuggestionsQuerySchema, queryOf(request));
  const level = readerLevel(spoilers, request.cookies.get(SPOILER_COOKIE)?.value);
  return cachedJson(request, { query: q, level, suggestions: await suggestSearch(q, level) }, { chosenByCookie: spoilers === undefined });
});
