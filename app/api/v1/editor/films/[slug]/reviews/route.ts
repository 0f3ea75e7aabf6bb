import { apiHandler, readOptionalJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { slugParamsSchema } from '@/lib/films/film-schema';
import { submitReviewBodySchema } from '@/lib/reviews/review-schema';
import { submitForReview } from '@/lib/reviews/submit-for-review';
import { listReviews } from '@/lib/reviews/list-reviews';

/** The film's review requests, open ones first. */
export const GET = apiHandler<{ slug: string }>('film.read', async ({ params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  return { reviews: await listReviews({ film: slug, actor }) };
});

/** Submits a revision (the latest by default) for review. */
export const POST = apiHandler<{ slug: string }>('review.submit', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { revision, note } = parseInput(submitReviewBodySchema, await readOptionalJson(request));
  return Response.json(await submitForReview({ slug, revision, note, actor }), { status: 201 });
});
