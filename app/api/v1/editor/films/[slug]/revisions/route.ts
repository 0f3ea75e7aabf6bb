import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { listRevisions } from '@/lib/films';
import { pageOf } from '@/lib/api/list';

/** The film's history, newest first (or `?sort=oldest`), a page at a time, without content. */
export const GET = apiOperation(editorOperations.listRevisions, 'film.read', async ({ actor, params: { slug }, query }) => {
  const revisions = await listRevisions({ slug, actor });
  return pageOf(query.sort === 'oldest' ? revisions.toReversed() : revisions, query);
});
