import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { listReviewsQuerySchema } from '@/lib/reviews/review-schema';
import { listReviews } from '@/lib/reviews/list-reviews';

/** The review queue: pending first, oldest waiting first. */
export const GET = apiHandler('film.read', async ({ request, actor }) => {
  const { state, film } = parseInput(listReviewsQuerySchema, queryOf(request));
  return { reviews: await listReviews({ state, film, actor }) };
});
