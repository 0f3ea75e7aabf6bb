import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { slugParamsSchema } from '@/lib/films/film-schema';
import { listRevisions } from '@/lib/films';

/** The film's history, newest first, without content. */
export const GET = apiHandler<{ slug: string }>('film.read', async ({ params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  return { slug, revisions: await listRevisions({ slug, actor }) };
});
