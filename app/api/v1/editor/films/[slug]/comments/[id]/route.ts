import { apiOperation } from '@/lib/api/api-handler';
import { reviewOperations } from '@/lib/api/operations/review';
import { resolveComment } from '@/lib/comments/resolve-comment';
import { deleteComment } from '@/lib/comments/delete-comment';

/** Resolves a comment or opens it again. */
export const PATCH = apiOperation(
  reviewOperations.updateComment,
  'comment.write',
  async ({ actor, params: { slug, id }, body: { resolved } }) => {
    return resolveComment({ slug, id, resolved, actor });
  },
);

/** Deletes a comment (its author, or a reviewer). */
export const DELETE = apiOperation(reviewOperations.deleteComment, 'comment.write', async ({ actor, params: { slug, id } }) => {
  await deleteComment({ slug, id, actor });
  return new Response(null, { status: 204 });
});
