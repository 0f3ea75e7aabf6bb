'use server';

import { guardedAction } from '../auth/guarded-action';
import { addComment } from './add-comment';
import { deleteComment } from './delete-comment';
import { resolveComment } from './resolve-comment';
import { addCommentInputSchema, deleteCommentInputSchema, updateCommentInputSchema } from './comment-schema';

/** Editorial comments from the editor's screens; the domain functions check the role again. */
export const addCommentAction = guardedAction('comment.write', addCommentInputSchema, async (input, actor) =>
  addComment({ ...input, actor }),
);

export const resolveCommentAction = guardedAction('comment.write', updateCommentInputSchema, async ({ slug, id, resolved }, actor) =>
  resolveComment({ slug, id, resolved, actor }),
);

export const deleteCommentAction = guardedAction('comment.write', deleteCommentInputSchema, async ({ slug, id }, actor) =>
  deleteComment({ slug, id, actor }),
);
