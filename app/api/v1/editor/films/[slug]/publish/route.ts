import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { publishBodySchema, slugParamsSchema } from '@/lib/films/film-schema';
import { publishFilm } from '@/lib/films';

/** Publishes one revision: the reader site switches to it atomically. */
export const POST = apiHandler<{ slug: string }>('film.publish', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { revision } = parseInput(publishBodySchema, await readJson(request));
  const published = await publishFilm({ slug, revision, actor });
  return { slug: published.slug, revision: published.revision };
});
