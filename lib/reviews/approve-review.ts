import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError } from '../errors';
import { publishFilmInTransaction } from '../revisions';
import { invalidateFilmPages } from '../reader/film-cache';
import { lockedReview } from './lock-film';

/**
 * A reviewer approves a pending request: the revision it names (not whatever is latest now) is
 * published in the same transaction as the approval and its audit row, so either both happen or
 * neither does.
 */
export async function approveReview({ reviewId, comment = '', actor }: { reviewId: string; comment?: string; actor: Actor }) {
  assertCan(actor, 'review.decide');
  const result = await db().$transaction(async (tx) => {
    const { film, review } = await lockedReview(tx, reviewId);
    if (review.state !== 'pending') throw new ConflictError(`This review is already ${review.state.replace('_', ' ')}`, { state: review.state });
    const published = await publishFilmInTransaction(tx, { slug: film.slug, revision: review.revisionNumber, actor });
    const decided = await tx.reviewRequest.update({
      where: { id: review.id },
      data: { state: 'approved', decidedById: actor.userId || null, decisionComment: comment.trim(), decidedAt: new Date() },
    });
    await writeAudit(tx, {
      actor,
      action: 'review.approve',
      filmId: film.id,
      subject: published.slug,
      details: { revision: review.revisionNumber, reviewId: review.id, ...(decided.decisionComment ? { comment: decided.decisionComment } : {}) },
    });
    return { id: decided.id, slug: published.slug, revision: decided.revisionNumber, state: decided.state, previousSlug: published.previousSlug };
  });
  await invalidateFilmPages(result.slug, result.previousSlug);
  return { id: result.id, slug: result.slug, revision: result.revision, state: result.state };
}
