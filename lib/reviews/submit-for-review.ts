import 'server-only';
import { db, type Tx } from '../db';
import { findTranslation } from '../translations/find-translation';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, ValidationError } from '../errors';
import { lockFilmForReview } from './lock-film';
import { actorRef, enqueueWebhookEvent, filmRef } from '../webhooks/enqueue-webhook-event';

/**
 * A writer (or anyone who may) asks for one revision to be published: of the page, or with
 * `locale` of that translation. The request names the revision: saving again later makes a newer
 * revision, never a different reviewed one. A film has at most one pending request for the page
 * and one per translation: submitting again withdraws the earlier one (audited too).
 */
export async function submitForReview({
  slug,
  locale,
  revision,
  note = '',
  actor,
}: {
  slug: string;
  locale?: string;
  revision?: number;
  note?: string;
  actor: Actor;
}) {
  assertCan(actor, 'review.submit');
  return db().$transaction(async (tx) => {
    const film = await lockFilmForReview(tx, { slug });
    const { number, published } =
      locale === undefined ? await pageRevision(tx, film, revision) : await translationRevision(tx, slug, locale, revision);
    if (published === number) throw new ConflictError(`Revision ${number} is already published`, { revision: number });
    const translated = locale === undefined ? {} : { locale };

    const earlier = await tx.reviewRequest.findMany({
      where: { filmId: film.id, state: 'pending', locale: locale ?? null },
      select: { id: true, revisionNumber: true },
    });
    for (const old of earlier) {
      await tx.reviewRequest.update({ where: { id: old.id }, data: { state: 'withdrawn', decidedAt: new Date() } });
      await writeAudit(tx, {
        actor,
        action: 'review.withdraw',
        filmId: film.id,
        subject: film.slug,
        details: { ...translated, revision: old.revisionNumber, reviewId: old.id, replacedBy: number },
      });
    }
    const review = await tx.reviewRequest.create({
      data: { filmId: film.id, ...translated, revisionNumber: number, note: note.trim(), submittedById: actor.userId || null },
    });
    await writeAudit(tx, {
      actor,
      action: 'review.submit',
      filmId: film.id,
      subject: film.slug,
      details: { ...translated, revision: number, reviewId: review.id, ...(review.note ? { note: review.note } : {}) },
    });
    // The note is the writer's own text, at no spoiler level: it stays out.
    await enqueueWebhookEvent(tx, 'review.submitted', {
      film: filmRef({ slug: film.slug }),
      review: { id: review.id, ...translated, revision: number, state: review.state },
      actor: actorRef(actor),
    });
    return { id: review.id, slug: film.slug, ...translated, revision: number, state: review.state };
  });
}

/** The page's revision asked for (its newest by default), and the one readers get. */
async function pageRevision(tx: Tx, film: Awaited<ReturnType<typeof lockFilmForReview>>, revision: number | undefined) {
  const number = revision ?? film.latestRevision;
  const exists = await tx.revision.findUnique({ where: { filmId_number: { filmId: film.id, number } }, select: { id: true } });
  if (!exists) throw ValidationError.field('revision', `Film has no revision ${number}`);
  return { number, published: film.publishedRevision?.number ?? null };
}

/** The translation's revision asked for (its newest by default), and the one its readers get. */
async function translationRevision(tx: Tx, slug: string, locale: string, revision: number | undefined) {
  const { translation } = await findTranslation(tx, slug, locale);
  const number = revision ?? translation?.latestRevision ?? 0;
  if (!translation || number < 1 || number > translation.latestRevision)
    throw ValidationError.field('revision', `The ${locale} translation has no revision ${number}`);
  return { number, published: translation.publishedRevision };
}
