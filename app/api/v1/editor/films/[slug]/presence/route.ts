import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { leavePresence, recordPresence } from '@/lib/films/presence';

/**
 * POST /api/v1/editor/films/{slug}/presence `{tabId, action}`: the editor's heartbeat (default),
 * `take-over` (the soft lock) or `leave` (the tab is closing). Answers who
 * else has the film open and who holds the soft lock; `leave` answers 204 (sent with a keepalive fetch
 * when the editor is closed or left). JSON only, as every body of this API.
 */
export const POST = apiOperation(
  editorOperations.recordPresence,
  'film.edit',
  async ({ actor, params: { slug }, body: { tabId, action } }) => {
    if (action === 'leave') {
      await leavePresence({ slug, tabId, actor });
      return new Response(null, { status: 204 });
    }
    return recordPresence({ slug, tabId, actor, takeOver: action === 'take-over' });
  },
);
