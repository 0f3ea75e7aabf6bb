import { apiHandler } from '@/lib/api/api-handler';
import { listRevisions } from '@/lib/revisions';

/** The film's history, newest first, without content. */
export const GET = apiHandler<{ slug: string }>('film.read', async ({ params, actor }) => {
  return { slug: params.slug, revisions: await listRevisions({ slug: params.slug, actor }) };
});
