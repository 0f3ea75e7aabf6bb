import { apiOperation, readJson } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { setFocalPoint } from '@/lib/media/set-focal-point';

/** Sets where crops keep the image's subject: `{ x, y }`, each from 0 (left, top) to 1 (right, bottom). */
export const PUT = apiOperation(editorOperations.setFocalPoint, 'media.manage', async ({ request, actor, params: { id } }) => {
  const body = (await readJson(request)) as { x?: unknown; y?: unknown } | null;
  return setFocalPoint({ actor, id, x: body?.x, y: body?.y });
});
