import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { deleteImage } from '@/lib/media/delete-image';

/** Deletes an upload nothing uses: 409 naming its uses otherwise, 404 for an unknown id. */
export const DELETE = apiOperation(editorOperations.deleteImage, 'media.manage', async ({ actor, params: { id } }) => {
  return deleteImage({ actor, id });
});
