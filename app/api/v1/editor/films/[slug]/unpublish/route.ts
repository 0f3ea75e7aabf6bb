import { apiHandler } from '@/lib/api/api-handler';
import { unpublishFilm } from '@/lib/revisions';

/** Takes the film off the reader site; drafts and history stay. */
export const POST = apiHandler<{ slug: string }>('film.publish', async ({ params, actor }) => {
  const result = await unpublishFilm({ slug: params.slug, actor });
  return { slug: params.slug, unpublished: result.changed };
});
