import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { publishBodySchema } from '@/lib/api/schemas/film-api';
import { publishFilm } from '@/lib/revisions';

/** Publishes one revision: the reader site switches to it atomically. */
export const POST = apiHandler<{ slug: string }>('film.publish', async ({ request, params, actor }) => {
  const { revision } = parseInput(publishBodySchema, await readJson(request));
  const published = await publishFilm({ slug: params.slug, revision, actor });
  return { slug: published.slug, revision: published.revision };
});
