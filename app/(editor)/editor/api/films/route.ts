import { apiHandler } from '@/lib/api/api-handler';
import { listFilms } from '@/lib/editor/list-films';

/** The editor's film list as JSON (react-query refetches it; GET, so retries are safe). */
export const GET = apiHandler('film.read', ({ actor }) => listFilms({ actor }));
