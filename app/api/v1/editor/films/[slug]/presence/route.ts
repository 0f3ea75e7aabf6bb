import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { presenceBodySchema, slugParamsSchema } from '@/lib/films/film-schema';
import { leavePresence, recordPresence } from '@/lib/films/presence';

/**
 * POST /api/v1/editor/films/{slug}/presence `{tabId, action}`: the editor's heartbeat (default),
 * `take-over` (the soft lock) or `leave` (the tab is closing). Answers who
 * else has the film open and who holds the soft lock; `leave` answers 204 (sent with a keepalive fetch
 * when the editor is closed or left). JSON only, as every body of this API.
 */
export const POST = apiHandler<{ slug: string }>('film.edit', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { tabId, action } = parseInput(presenceBodySchema, await readJson(request));
  if (action === 'leave') {
    await leavePresence({ slug, tabId, actor });
    return new Response(null, { status: 204 });
  }
  return recordPresence({ slug, tabId, actor, takeOver: action === 'take-over' });
});
