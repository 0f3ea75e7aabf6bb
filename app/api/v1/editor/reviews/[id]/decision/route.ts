import { apiOperation } from '@/lib/api/api-handler';
import { reviewOperations } from '@/lib/api/operations/review';
import { approveReview } from '@/lib/reviews/approve-review';
import { requestChanges } from '@/lib/reviews/request-changes';

/** Approve (publishes the named revision now, or schedules it at `publishAt`) or request changes (with a comment). */
export const POST = apiOperation(reviewOperations.decideReview, 'review.decide', async ({ actor, params: { id }, body }) => {
  return body.decision === 'approve'
    ? approveReview({ reviewId: id, comment: body.comment, publishAt: body.publishAt, actor })
    : requestChanges({ reviewId: id, comment: body.comment, actor });
});
