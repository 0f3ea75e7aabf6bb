import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, ValidationError } from '../errors';
import { lockFilmForReview } from './lock-film';
import { actorRef, enqueueWebhookEvent, filmRef } from '../webhooks/enqueue-webhook-event';

/**
 * A writer (or anyone who may) asks for one revision to be published. The request names the
 * revision: saving again later makes a newer revision, never a different reviewed one. A film has
 * at most one pending request: submitting again withdraws the earlier one (audited too).
 */
export async function submitForReview({
  slug,
  revision,
  note = '',
  actor,
}: {
  slug: string;
  revision?: number;
  note?: string;
  actor: Actor;
}) {
  assertCan(actor, 'review.submit');
  return db().$transaction(async (tx) => {
    const film = await lockFilmForReview(tx, { slug });
    const number = revision ?? film.latestRevision;
    const exists = await tx.revision.findUnique({ where: { filmId_number: { filmId: film.id, number } }, select: { id: true } });
    if (!exists) throw ValidationError.field('revision', `Film has no revision ${number}`);
    if (film.publishedRevision?.number === number) throw new ConflictError(`Revision ${number} is already published`, { revision: number });

    const earlier = await tx.reviewRequest.findMany({
      where: { filmId: film.id, state: 'pending' },
      select: { id: true, revisionNumber: true },
    });
    for (const old of earlier) {
      await tx.reviewRequest.update({ where: { id: old.id }, data: { state: 'withdrawn', decidedAt: new Date() } });
      await writeAudit(tx, {
        actor,
        action: 'review.withdraw',
        filmId: film.id,
        subject: film.slug,
        details: { revision: old.revisionNumber, reviewId: old.id, replacedBy: number },
      });
    }
    const review = await tx.reviewRequest.create({
      data: { filmId: film.id, revisionNumber: number, note: note.trim(), submittedById: actor.userId || null },
    });
    await writeAudit(tx, {
      actor,
      action: 'review.submit',
      filmId: film.id,
      subject: film.slug,
      details: { revision: number, reviewId: review.id, ...(review.note ? { note: review.note } : {}) },
    });
    // The note is the writer's own text, at no spoiler level: it stays out.
    await enqueueWebhookEvent(tx, 'review.submitted', {
      film: filmRef({ slug: film.slug }),
      review: { id: review.id, revision: number, state: review.state },
      actor: actorRef(actor),
    });
    return { id: review.id, slug: film.slug, revision: number, state: review.state };
  });
}
