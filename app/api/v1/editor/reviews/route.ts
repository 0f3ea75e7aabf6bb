import { apiOperation } from '@/lib/api/api-handler';
import { reviewOperations } from '@/lib/api/operations/review';
import { pageOf } from '@/lib/api/list';
import { listReviews } from '@/lib/reviews/list-reviews';

/** The review queue, a page at a time: pending first, oldest waiting first. */
export const GET = apiOperation(reviewOperations.listReviews, 'film.read', async ({ actor, query }) => {
  return pageOf(await listReviews({ state: query.state, film: query.film, actor }), query);
});
