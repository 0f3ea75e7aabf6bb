import { operations } from '../operation';
import { slugParamsSchema } from '../../films/film-schema';
import { levelSuggestionsSchema } from '../schemas/story-api';
import { json } from './responses';

/** Spoiler levels by story position (docs/spoiler-suggestions.md). */
export const storyOperations = operations(['Editorial'], {
  getLevelSuggestions: {
    method: 'get',
    path: '/api/v1/editor/films/{slug}/level-suggestions',
    summary: 'Suggested spoiler levels',
    description:
      'For every item of the latest revision: its level now, the level the page itself suggests (the premise is spoiler-free; the timeline and the story say ' +
      'when each thing is first revealed), the position at which it is revealed and the reason in words. Computed from the page alone; changes nothing.',
    params: slugParamsSchema,
    responses: {
      200: json('The suggestions, in page order', levelSuggestionsSchema),
    },
  },
});
