import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { publishFilm } from '@/lib/films';

/** Publishes one revision: the reader site switches to it atomically. */
export const POST = apiOperation(editorOperations.publishFilm, 'film.publish', async ({ actor, params: { slug }, body: { revision } }) => {
  const published = await publishFilm({ slug, revision, actor });
  return { slug: published.slug, revision: published.revision };
});
