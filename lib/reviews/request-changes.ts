import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, ValidationError } from '../errors';
import { lockedReview } from './lock-film';
import { actorRef, enqueueWebhookEvent, filmRef } from '../webhooks/enqueue-webhook-event';

/** A reviewer sends a pending request back to its writer with a comment saying what should change. */
export async function requestChanges({ reviewId, comment, actor }: { reviewId: string; comment: string; actor: Actor }) {
  assertCan(actor, 'review.decide');
  const text = comment.trim();
  if (!text) throw ValidationError.field('comment', 'Say what should change');
  return db().$transaction(async (tx) => {
    const { film, review } = await lockedReview(tx, reviewId);
    if (review.state !== 'pending')
      throw new ConflictError(`This review is already ${review.state.replace('_', ' ')}`, { state: review.state });
    const translated = review.locale === null ? {} : { locale: review.locale };
    const decided = await tx.reviewRequest.update({
      where: { id: review.id },
      data: { state: 'changes_requested', decidedById: actor.userId || null, decisionComment: text, decidedAt: new Date() },
    });
    await writeAudit(tx, {
      actor,
      action: 'review.request-changes',
      filmId: film.id,
      subject: film.slug,
      details: { ...translated, revision: review.revisionNumber, reviewId: review.id, comment: text },
    });
    // The comment says what should change (spoilers, likely): it stays out.
    await enqueueWebhookEvent(tx, 'review.decided', {
      film: filmRef({ slug: film.slug }),
      review: { id: review.id, ...translated, revision: review.revisionNumber, state: decided.state },
      actor: actorRef(actor),
    });
    return { id: decided.id, slug: film.slug, ...translated, revision: decided.revisionNumber, state: decided.state };
  });
}
