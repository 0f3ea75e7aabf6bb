import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { mediaIdSchema } from '@/lib/media/media-schema';
import { deleteImage } from '@/lib/media/delete-image';

/** Deletes an upload nothing uses: 409 naming its uses otherwise, 404 for an unknown id. */
export const DELETE = apiHandler<{ id: string }>('media.manage', async ({ params, actor }) => {
  const { id } = parseInput(mediaIdSchema, params);
  return deleteImage({ actor, id });
});
