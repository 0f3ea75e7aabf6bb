import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { decideReviewBodySchema, reviewParamsSchema } from '@/lib/reviews/review-schema';
import { approveReview } from '@/lib/reviews/approve-review';
import { requestChanges } from '@/lib/reviews/request-changes';

/** Approve (publishes the named revision now, or schedules it at `publishAt`) or request changes (with a comment). */
export const POST = apiHandler<{ id: string }>('review.decide', async ({ request, params, actor }) => {
  const { id } = parseInput(reviewParamsSchema, params);
  const body = parseInput(decideReviewBodySchema, await readJson(request));
  return body.decision === 'approve'
    ? approveReview({ reviewId: id, comment: body.comment, publishAt: body.publishAt, actor })
    : requestChanges({ reviewId: id, comment: body.comment, actor });
});
