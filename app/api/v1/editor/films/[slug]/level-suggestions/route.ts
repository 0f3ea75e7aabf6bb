import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { slugParamsSchema } from '@/lib/films/film-schema';
import { getLevelSuggestions } from '@/lib/story-position/get-level-suggestions';

/**
 * The suggested spoiler level of every item of the latest revision, with the point at which it is
 * revealed and the reason (docs/spoiler-suggestions.md). Changes nothing: an editor accepts by saving.
 */
export const GET = apiHandler<{ slug: string }>('film.read', async ({ params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  return getLevelSuggestions({ slug, actor });
});
