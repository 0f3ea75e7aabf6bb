import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { listFilmsQuerySchema } from '@/lib/films/film-schema';
import { listFilms } from '@/lib/films/list-editor-films';

/** One page of the editor's film list as JSON, filtered by `q` and `status` (react-query refetches it; GET, so retries are safe). */
export const GET = apiHandler('film.read', ({ request, actor }) =>
  listFilms({ actor, ...parseInput(listFilmsQuerySchema, queryOf(request)) }),
);
