import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { slugParamsSchema } from '@/lib/films/film-schema';
import { addCommentBodySchema, listCommentsQuerySchema } from '@/lib/comments/comment-schema';
import { addComment } from '@/lib/comments/add-comment';
import { listComments } from '@/lib/comments/list-comments';

/** The film's editorial comments, oldest first. */
export const GET = apiHandler<{ slug: string }>('film.read', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { state } = parseInput(listCommentsQuerySchema, queryOf(request));
  return { comments: await listComments({ slug, state, actor }) };
});

/** Comments on the revision or on one item of the page. */
export const POST = apiHandler<{ slug: string }>('comment.write', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const input = parseInput(addCommentBodySchema, await readJson(request));
  return Response.json(await addComment({ slug, ...input, actor }), { status: 201 });
});
