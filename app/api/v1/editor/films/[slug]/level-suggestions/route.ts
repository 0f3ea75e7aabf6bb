import { apiOperation } from '@/lib/api/api-handler';
import { storyOperations } from '@/lib/api/operations/story';
import { getLevelSuggestions } from '@/lib/story-position/get-level-suggestions';

/**
 * The suggested spoiler level of every item of the latest revision, with the point at which it is
 * revealed and the reason (docs/spoiler-suggestions.md). Changes nothing: an editor accepts by saving.
 */
export const GET = apiOperation(storyOperations.getLevelSuggestions, 'film.read', async ({ actor, params: { slug } }) => {
  return getLevelSuggestions({ slug, actor });
});
