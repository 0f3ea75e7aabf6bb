import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { revisionParamsSchema } from '@/lib/films/film-schema';
import { getRevision } from '@/lib/films';

/** One revision with its content. */
export const GET = apiHandler<{ slug: string; n: string }>('film.read', async ({ params, actor }) => {
  const { slug, n } = parseInput(revisionParamsSchema, params);
  return getRevision({ slug, number: n, actor });
});
