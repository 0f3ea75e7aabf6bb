import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { getRevision } from '@/lib/films';

/** One revision with its content. */
export const GET = apiOperation(editorOperations.getRevision, 'film.read', async ({ actor, params: { slug, n } }) => {
  return getRevision({ slug, number: n, actor });
});
