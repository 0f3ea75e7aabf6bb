import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { slugParamsSchema } from '@/lib/films/film-schema';
import { unpublishFilm } from '@/lib/films';

/** Takes the film off the reader site; drafts and history stay. */
export const POST = apiHandler<{ slug: string }>('film.publish', async ({ params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const result = await unpublishFilm({ slug, actor });
  return { slug, unpublished: result.changed };
});
