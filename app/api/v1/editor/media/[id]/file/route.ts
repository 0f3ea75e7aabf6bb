import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { mediaIdSchema } from '@/lib/media/media-schema';
import { readUpload } from '@/lib/media/read-upload';
import { replaceImage } from '@/lib/media/replace-image';

/** Replaces an upload's file (multipart `file` field, or the raw body): the same id and uses, new bytes. */
export const PUT = apiHandler<{ id: string }>('media.manage', async ({ request, params, actor }) => {
  const { id } = parseInput(mediaIdSchema, params);
  return replaceImage({ actor, id, data: await readUpload(request) });
});
