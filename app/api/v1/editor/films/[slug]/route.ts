import { apiOperation } from '@/lib/api/api-handler';
import { editorOperations } from '@/lib/api/operations/editor';
import { getDraft, saveDraft } from '@/lib/films';

/** The latest draft. */
export const GET = apiOperation(editorOperations.getDraft, 'film.read', async ({ actor, params: { slug } }) => {
  const draft = await getDraft({ slug, actor });
  return { slug: draft.slug, revision: draft.revision, content: draft.content, published: draft.published };
});

/** Saves a new revision on top of `baseRevision`; 409 with both sides when someone saved first. */
export const PUT = apiOperation(
  editorOperations.saveRevision,
  'film.edit',
  async ({ actor, params: { slug }, body: { baseRevision, content, message } }) => {
    const saved = await saveDraft({ slug, baseRevision, content, message, actor });
    return { slug: saved.slug, revision: saved.revision };
  },
);
