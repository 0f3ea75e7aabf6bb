import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { reviewParamsSchema } from '@/lib/reviews/review-schema';
import { getReview } from '@/lib/reviews/list-reviews';

/** One review request with the diff from the published revision to the one it names. */
export const GET = apiHandler<{ id: string }>('film.read', async ({ params, actor }) => {
  const { id } = parseInput(reviewParamsSchema, params);
  return getReview({ reviewId: id, actor });
});
