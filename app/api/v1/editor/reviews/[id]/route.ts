import { apiOperation } from '@/lib/api/api-handler';
import { reviewOperations } from '@/lib/api/operations/review';
import { getReview } from '@/lib/reviews/list-reviews';

/** One review request with the diff from the published revision to the one it names. */
export const GET = apiOperation(reviewOperations.getReview, 'film.read', async ({ actor, params: { id } }) => {
  return getReview({ reviewId: id, actor });
});
