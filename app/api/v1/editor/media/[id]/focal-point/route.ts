import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { mediaIdSchema } from '@/lib/media/media-schema';
import { setFocalPoint } from '@/lib/media/set-focal-point';

/** Sets where crops keep the image's subject: `{ x, y }`, each from 0 (left, top) to 1 (right, bottom). */
export const PUT = apiHandler<{ id: string }>('media.manage', async ({ request, params, actor }) => {
  const { id } = parseInput(mediaIdSchema, params);
  const body = (await readJson(request)) as { x?: unknown; y?: unknown } | null;
  return setFocalPoint({ actor, id, x: body?.x, y: body?.y });
});
