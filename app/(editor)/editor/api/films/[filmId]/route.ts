import { apiHandler } from '@/lib/api/api-handler';
import { getFilmStatus } from '@/lib/films/list-editor-films';

/** One film's status (latest revision, who saved it, what is published), polled by the editor. */
export const GET = apiHandler<{ filmId: string }>('film.read', ({ actor, params }) => getFilmStatus({ filmId: params.filmId, actor }));
