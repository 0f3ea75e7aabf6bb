import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { slugParamsSchema } from '../../films/film-schema';
import { levelSuggestionsSchema } from '../schemas/story-api';
import { errors, json } from './responses';

const security: Array<Record<string, string[]>> = [{ session: [] }, { bearer: [] }];
const tags = ['Editorial'];

/** Spoiler levels by story position (docs/spoiler-suggestions.md). */
export function registerStoryPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/v1/editor/films/{slug}/level-suggestions',
    tags,
    security,
    summary: 'Suggested spoiler levels',
    description:
      'For every item of the latest revision: its level now, the level the page itself suggests (the premise is spoiler-free; the timeline and the story say ' +
      'when each thing is first revealed), the position at which it is revealed and the reason in words. Computed from the page alone; changes nothing.',
    request: { params: slugParamsSchema },
    responses: {
      200: json('The suggestions, in page order', levelSuggestionsSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
}
