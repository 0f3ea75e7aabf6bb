'use server';

import { guardedAction } from '../auth/guarded-action';
import { approveReview } from './approve-review';
import { requestChanges } from './request-changes';
import { submitForReview } from './submit-for-review';
import { decideReviewInputSchema, submitReviewInputSchema } from './review-schema';

/** The review workflow's server actions; the domain functions check the role again. */
export const submitForReviewAction = guardedAction(
  'review.submit',
  submitReviewInputSchema,
  async ({ slug, locale, revision, note }, actor) => submitForReview({ slug, locale, revision, note, actor }),
);

/** Approve (publishes the named revision now, or schedules it at `publishAt`) or request changes (a comment is required). */
export const decideReviewAction = guardedAction('review.decide', decideReviewInputSchema, async (input, actor) =>
  input.decision === 'approve'
    ? approveReview({ reviewId: input.reviewId, comment: input.comment, publishAt: input.publishAt, actor })
    : requestChanges({ reviewId: input.reviewId, comment: input.comment, actor }),
);
