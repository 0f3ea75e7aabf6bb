import { apiOperation } from '@/lib/api/api-handler';
import { reviewOperations } from '@/lib/api/operations/review';
import { pageOf } from '@/lib/api/list';
import { addComment } from '@/lib/comments/add-comment';
import { listComments } from '@/lib/comments/list-comments';

/** The film's editorial comments, oldest first (or `?sort=newest`), a page at a time. */
export const GET = apiOperation(reviewOperations.listComments, 'film.read', async ({ actor, params: { slug }, query }) => {
  const comments = await listComments({ slug, state: query.state, actor });
  return pageOf(query.sort === 'newest' ? comments.toReversed() : comments, query);
});

/** Comments on the revision or on one item of the page. */
export const POST = apiOperation(reviewOperations.addComment, 'comment.write', async ({ actor, params: { slug }, body: input }) => {
  return Response.json(await addComment({ slug, ...input, actor }), { status: 201 });
});
