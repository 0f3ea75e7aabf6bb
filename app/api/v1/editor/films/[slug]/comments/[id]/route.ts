import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { commentParamsSchema, updateCommentBodySchema } from '@/lib/comments/comment-schema';
import { resolveComment } from '@/lib/comments/resolve-comment';
import { deleteComment } from '@/lib/comments/delete-comment';

/** Resolves a comment or opens it again. */
export const PATCH = apiHandler<{ slug: string; id: string }>('comment.write', async ({ request, params, actor }) => {
  const { slug, id } = parseInput(commentParamsSchema, params);
  const { resolved } = parseInput(updateCommentBodySchema, await readJson(request));
  return resolveComment({ slug, id, resolved, actor });
});

/** Deletes a comment (its author, or a reviewer). */
export const DELETE = apiHandler<{ slug: string; id: string }>('comment.write', async ({ params, actor }) => {
  const { slug, id } = parseInput(commentParamsSchema, params);
  await deleteComment({ slug, id, actor });
  return new Response(null, { status: 204 });
});
