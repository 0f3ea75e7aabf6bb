import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { compareRevisions } from '@/lib/films/compare-revisions';

// The folder is [n] (not [a]) because Next.js needs one name per dynamic segment, and
// `revisions/[n]` already exists; the second revision is [m].

/**
 * GET /api/v1/editor/films/{slug}/revisions/{a}/diff/{b}: what changed from revision a to b, as
 * structured JSON: `{slug, title, from, to, diff: {identical, summary, entries, flags}}`. Entries are
 * per part or list item (matched by id) with their changed fields; text fields carry a word diff.
 */
export const GET = apiOperation(editorOperations.compareRevisions, 'film.read', async ({ actor, params: { slug, n, m } }) => {
  return compareRevisions({ slug, from: n, to: m, actor });
});
