import { apiHandler } from '@/lib/api/api-handler';
import { searchPeople } from '@/lib/editor/search-people';

/** People suggestions for the "played by" picker: `?q=name`. */
export const GET = apiHandler('film.read', ({ actor, request }) =>
  searchPeople({ query: request.nextUrl.searchParams.get('q') ?? '', actor }),
);
