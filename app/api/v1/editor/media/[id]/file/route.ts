import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { readUpload } from '@/lib/media/read-upload';
import { replaceImage } from '@/lib/media/replace-image';

/** Replaces an upload's file (multipart `file` field, or the raw body): the same id and uses, new bytes. */
export const PUT = apiOperation(editorOperations.replaceImageFile, 'media.manage', async ({ request, actor, params: { id } }) => {
  return replaceImage({ actor, id, ...(await readUpload(request)) });
});
