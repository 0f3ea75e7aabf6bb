import 'server-only';
import { db, type Tx } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { MAX_SCHEDULE_AHEAD_DAYS, scheduleAtSchema, type JobKind, type ScheduledJobView } from './schedule-schema';
import { jobViewSelect, toJobView } from './job-view';
import { assertPublishable } from '../films';
import { actorRef, enqueueWebhookEvent, filmRef } from '../webhooks/enqueue-webhook-event';
import { findTranslation } from '../translations/find-translation';
import { assertTranslationQuizPublishable } from '../translations/publish-translation';

/**
 * `at` as a Date, or a 400 naming `field` (the request's name for it, `at` by default): a valid
 * time, in the future, within MAX_SCHEDULE_AHEAD_DAYS.
 */
export function parseRunAt(at: Date | string, now = new Date(), field = 'at'): Date {
  const text = at instanceof Date ? at.toISOString() : at;
  const parsed = scheduleAtSchema.safeParse(text);
  const runAt = new Date(text);
  if (!parsed.success || Number.isNaN(runAt.getTime()))
    throw ValidationError.field(field, 'Must be a date and time with its offset, e.g. 2026-12-24T18:00:00Z');
  if (runAt.getTime() <= now.getTime()) throw ValidationError.field(field, 'Must be in the future');
  if (runAt.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000)
    throw ValidationError.field(field, `Must be within ${MAX_SCHEDULE_AHEAD_DAYS} days`);
  return runAt;
}

type JobRequest = { kind: JobKind; slug: string; revision?: number; at: Date | string; actor: Actor; locale?: string };

/**
 * Records a publish or unpublish to run at `at` as `actor` (who must be allowed to publish, now
 * and again when it runs), with its audit row in the same transaction. With `locale`, of that
 * translation of the film: 404 for a language the site does not translate into, 400 for a
 * revision the translation does not have.
 */
export async function createJob(request: JobRequest): Promise<ScheduledJobView> {
  return db().$transaction((tx) => createJobInTransaction(tx, request));
}

/**
 * createJob's checks and writes inside a caller's transaction, so a job can be written together
 * with what it belongs to (an approved review: lib/reviews/approve-review.ts). Throws before
 * writing anything when the request is refused; the caller's transaction rolls back its own writes.
 */
export async function createJobInTransaction(
  tx: Tx,
  { kind, slug, revision, at, actor, locale, atField = 'at' }: JobRequest & { atField?: string },
): Promise<ScheduledJobView> {
  assertCan(actor, 'film.publish');
  // The job runs as a user: a system actor acting for no one has no one to re-check later.
  if (!actor.userId) throw new ForbiddenError('A scheduled job runs as a user: sign in or use a user’s API token');
  const runAt = parseRunAt(at, new Date(), atField);
  if (kind === 'publish' && (!Number.isInteger(revision) || (revision ?? 0) < 1))
    throw ValidationError.field('revision', 'Must be a revision number');
  const film = await tx.film.findUnique({
    where: { slug },
    select: { id: true, slug: true, title: true, latestRevision: true, publishedRevisionId: true },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  if (locale !== undefined) {
    const { translation } = await findTranslation(tx, slug, locale);
    if (kind === 'publish' && revision! > (translation?.latestRevision ?? 0))
      throw ValidationError.field('revision', `The ${locale} translation has no revision ${revision}`);
    if (kind === 'unpublish' && !translation) throw new NotFoundError(`“${slug}” has no ${locale} translation`);
    if (kind === 'publish') await assertTranslationQuizPublishable(tx, actor, translation!, revision!);
  } else {
    if (kind === 'publish' && revision! > film.latestRevision) throw ValidationError.field('revision', `Film has no revision ${revision}`);
    // A publish that can only be refused (an older quiz this actor may not publish) is refused now, not when it runs.
    if (kind === 'publish') await assertPublishable(tx, film, revision!, actor);
  }
  const translated = locale !== undefined ? { locale } : {};
  const job = await tx.scheduledJob.create({
    data: {
      kind,
      filmId: film.id,
      revisionNumber: kind === 'publish' ? revision : null,
      locale: locale ?? null,
      runAt,
      nextAttemptAt: runAt,
      createdById: actor.userId,
    },
    select: jobViewSelect,
  });
  await writeAudit(tx, {
    actor,
    action: `schedule.${kind}`,
    filmId: film.id,
    subject: film.slug,
    details: { jobId: job.id, runAt: runAt.toISOString(), ...(kind === 'publish' ? { revision } : {}), ...translated },
  });
  await enqueueWebhookEvent(tx, 'film.scheduled', {
    film: filmRef({ slug: film.slug, title: film.title }),
    job: { id: job.id, action: kind, runAt: runAt.toISOString(), ...(kind === 'publish' ? { revision } : {}), ...translated },
    actor: actorRef(actor),
  });
  return toJobView(job);
}
