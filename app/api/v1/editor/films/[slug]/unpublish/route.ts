import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { unpublishFilm } from '@/lib/films';

/** Takes the film off the reader site; drafts and history stay. */
export const POST = apiOperation(editorOperations.unpublishFilm, 'film.publish', async ({ actor, params: { slug } }) => {
  const result = await unpublishFilm({ slug, actor });
  return { slug, unpublished: result.changed };
});
