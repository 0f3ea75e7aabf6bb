import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError } from '../errors';
import { publishFilmInTransaction } from '../films';
import { invalidateFilmPages } from '../cache/invalidate-film-pages';
import { invalidateTranslationPages, publishTranslationInTransaction } from '../translations/publish-translation';
import { schedulePublishInTransaction } from '../schedule/schedule-publish';
import { lockedReview } from './lock-film';
import { actorRef, enqueueWebhookEvent, filmRef } from '../webhooks/enqueue-webhook-event';

/**
 * A reviewer approves a pending request: the revision it names (not whatever is latest now), of
 * the page or of the translation it names, is published, or with `publishAt` scheduled to be published then (the job runner does it), in the
 * same transaction as the approval and its audit row, so either both happen or neither does.
 */
export async function approveReview({
  reviewId,
  comment = '',
  publishAt,
  actor,
}: {
  reviewId: string;
  comment?: string;
  publishAt?: Date | string;
  actor: Actor;
}) {
  assertCan(actor, 'review.decide');
  const result = await db().$transaction(async (tx) => {
    const { film, review } = await lockedReview(tx, reviewId);
    if (review.state !== 'pending')
      throw new ConflictError(`This review is already ${review.state.replace('_', ' ')}`, { state: review.state });
    const decided = await tx.reviewRequest.update({
      where: { id: review.id },
      data: { state: 'approved', decidedById: actor.userId || null, decisionComment: comment.trim(), decidedAt: new Date() },
    });
    const locale = review.locale ?? undefined;
    const translated = locale === undefined ? {} : { locale };
    // Written after the approval: a refused schedule or publish rolls the approval back with it.
    const scheduled =
      publishAt === undefined
        ? null
        : await schedulePublishInTransaction(tx, {
            slug: film.slug,
            locale,
            revision: review.revisionNumber,
            at: publishAt,
            actor,
            atField: 'publishAt',
          });
    const published =
      scheduled || locale !== undefined
        ? null
        : await publishFilmInTransaction(tx, { slug: film.slug, revision: review.revisionNumber, actor });
    const translation =
      scheduled || locale === undefined
        ? null
        : (await publishTranslationInTransaction(tx, { slug: film.slug, locale, revision: review.revisionNumber, actor })).change;
    const slug = published?.slug ?? film.slug;
    await writeAudit(tx, {
      actor,
      action: 'review.approve',
      filmId: film.id,
      subject: slug,
      details: {
        ...translated,
        revision: review.revisionNumber,
        reviewId: review.id,
        ...(scheduled ? { jobId: scheduled.id, publishAt: scheduled.runAt } : {}),
        ...(decided.decisionComment ? { comment: decided.decisionComment } : {}),
      },
    });
    await enqueueWebhookEvent(tx, 'review.decided', {
      film: filmRef({ slug }),
      review: {
        id: review.id,
        ...translated,
        revision: review.revisionNumber,
        state: decided.state,
        ...(scheduled ? { jobId: scheduled.id, publishAt: scheduled.runAt } : {}),
      },
      actor: actorRef(actor),
    });
    return {
      change: {
        id: decided.id,
        slug,
        ...translated,
        revision: decided.revisionNumber,
        state: decided.state,
        ...(scheduled ? { scheduledJob: { id: scheduled.id, runAt: scheduled.runAt } } : {}),
      },
      previousSlug: published?.previousSlug ?? null,
      pages: published?.pages ?? { films: [], people: [] },
      published: published !== null,
      translation,
    };
  });
  if (result.published) await invalidateFilmPages(result.pages.films, result.pages.people);
  if (result.translation) await invalidateTranslationPages(result.translation);
  return result.change;
}
