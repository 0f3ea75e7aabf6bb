import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { getImageVersions } from '@/lib/media/get-image-versions';
import { imageVersionsQuerySchema } from '@/lib/media/media-schema';

/** The current version of each image in `?ids=a,b` (lib/media/get-image-versions.ts), for the editor's thumbnails. */
export const GET = apiHandler('film.read', async ({ actor, request }) => {
  const { ids } = parseInput(imageVersionsQuerySchema, queryOf(request));
  return getImageVersions({ actor, ids });
});
