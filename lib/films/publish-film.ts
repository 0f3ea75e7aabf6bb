import 'server-only';
import { db, type Tx } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError, ValidationError } from '../errors';
import { readContent } from './revision-store';
import { assertQuizPublishable } from './assert-quiz-editable';
import { creditedPeople, materializePublished, peopleOf, peopleOfPages, removePeopleWithoutParts } from './materialize-published';
import { invalidateFilmPages } from '../cache/invalidate-film-pages';
import { actorRef, enqueueWebhookEvent, filmRef, pageTags } from '../webhooks/enqueue-webhook-event';

/** Locks the film row so concurrent publishes and unpublishes of one film run one after another. */
async function lockFilm(tx: Tx, slug: string) {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "Film" WHERE slug = ${slug} FOR UPDATE`;
  if (rows.length === 0) throw new NotFoundError(`No film “${slug}”`);
  return tx.film.findUniqueOrThrow({ where: { id: rows[0].id }, include: { published: { select: { slug: true, title: true } } } });
}

/** The quiz of one revision of a film, or null when there is no such revision. */
async function quizOf(tx: Tx, filmId: string, where: { id: string } | { number: number }) {
  const row = await tx.revision.findFirst({ where: { filmId, ...where }, select: { parts: true } });
  return row ? (await readContent(tx, filmId, row.parts)).quiz : null;
}

/**
 * What a publish of `revision` by `actor` would always refuse, checked without writing anything:
 * no such revision, a quiz the actor may not bring back (assertQuizPublishable). A publish checks
 * it under the film's lock; scheduling checks it too, so a publish that could only fail is refused
 * when it is scheduled, not when it runs. (A slug another published film holds may be freed by
 * then: that is checked when the publish runs, and a scheduled one is retried.)
 */
export async function assertPublishable(
  tx: Tx,
  film: { id: string; latestRevision: number; publishedRevisionId: string | null },
  revision: number,
  actor: Actor,
) {
  const row = await tx.revision.findUnique({ where: { filmId_number: { filmId: film.id, number: revision } } });
  if (!row) throw ValidationError.field('revision', `Film has no revision ${revision}`);
  const content = await readContent(tx, film.id, row.parts);
  const live = film.publishedRevisionId ? await quizOf(tx, film.id, { id: film.publishedRevisionId }) : null;
  const current =
    revision === film.latestRevision ? content.quiz : ((await quizOf(tx, film.id, { number: film.latestRevision })) ?? content.quiz);
  const quizChanges = assertQuizPublishable(actor, { live, current, next: content.quiz });
  return { row, content, live, quizChanges };
}

/**
 * More work for the transaction of a publish or unpublish: the job runner marks its job done there,
 * so the change commits if and only if the job is recorded as done by the runner that holds it.
 */
export type AlsoInTransaction = (tx: Tx, film: { id: string }) => Promise<void>;

/**
 * Publishes one revision of a film: the reader site switches to it atomically. Its quiz goes live
 * with it, so the quiz rule applies (assertQuizPublishable: an editor cannot bring an older quiz back)
 * and a change of the live quiz is audited as `quiz.publish`.
 */
export async function publishFilm({
  slug,
  revision,
  actor,
  alsoInTransaction,
  scheduledJobId,
}: {
  slug: string;
  revision: number;
  actor: Actor;
  alsoInTransaction?: AlsoInTransaction;
  /** The scheduled job this publish runs: named in its audit row, the one row of that publish. */
  scheduledJobId?: string;
}) {
  assertCan(actor, 'film.publish');
  const result = await db().$transaction((tx) =>
    publishFilmInTransaction(tx, { slug, revision, actor, alsoInTransaction, scheduledJobId }),
  );
  await invalidateFilmPages(result.pages.films, result.pages.people);
  return result;
}

/**
 * The publish itself, inside a transaction the caller owns (an approved review publishes in the
 * transaction that records the approval). The caller must invalidate the film's pages after commit:
 * `invalidateFilmPages(result.pages.films, result.pages.people)`.
 */
export async function publishFilmInTransaction(
  tx: Tx,
  {
    slug,
    revision,
    actor,
    alsoInTransaction,
    scheduledJobId,
  }: { slug: string; revision: number; actor: Actor; alsoInTransaction?: AlsoInTransaction; scheduledJobId?: string },
) {
  assertCan(actor, 'film.publish');
  if (!Number.isInteger(revision) || revision < 1) throw ValidationError.field('revision', 'Must be a revision number');
  const film = await lockFilm(tx, slug);
  const { row, content, live, quizChanges } = await assertPublishable(tx, film, revision, actor);
  const clash = await tx.publishedFilm.findUnique({ where: { slug: content.slug }, select: { filmId: true } });
  if (clash && clash.filmId !== film.id) throw ValidationError.field('slug', `Another published film uses “${content.slug}”`);

  // The people credited before the change, whose pages change too (as do those credited after).
  const before = await creditedPeople(tx, [film.id]);
  const { renamedIn } = await materializePublished(tx, film.id, revision, content);
  await tx.film.update({ where: { id: film.id }, data: { publishedRevisionId: row.id } });
  await writeAudit(tx, {
    actor,
    action: 'film.publish',
    filmId: film.id,
    subject: content.slug,
    details: { revision, ...(scheduledJobId ? { jobId: scheduledJobId } : {}) },
  });
  if (quizChanges) {
    const details = { revision, questions: content.quiz.questions.length, previousQuestions: live?.questions.length ?? 0 };
    await writeAudit(tx, { actor, action: 'quiz.publish', filmId: film.id, subject: content.slug, details });
  }
  await alsoInTransaction?.(tx, film);
  // The pages this publish changes: both the old and the new reader address, the pages of everyone
  // credited in the previous published revision or in this one, and other films naming someone it renamed.
  const previousSlug = film.published?.slug ?? null;
  const pages = {
    films: [...new Set([content.slug, ...(previousSlug ? [previousSlug] : []), ...renamedIn])],
    people: [...new Set([...before, ...peopleOfPages([content])])],
  };
  await enqueueWebhookEvent(tx, 'film.published', {
    film: filmRef({ slug: content.slug, title: content.title }),
    revision,
    previousSlug,
    cacheTags: pageTags({ ...pages, lists: true }),
    ...(scheduledJobId ? { jobId: scheduledJobId } : {}),
    actor: actorRef(actor),
  });
  return { slug: content.slug, revision, previousSlug, pages };
}

/** Takes a film off the reader site; its drafts and history stay. */
export async function unpublishFilm({
  slug,
  actor,
  alsoInTransaction,
  scheduledJobId,
}: {
  slug: string;
  actor: Actor;
  alsoInTransaction?: AlsoInTransaction;
  scheduledJobId?: string;
}) {
  assertCan(actor, 'film.publish');
  const result = await db().$transaction(async (tx) => {
    const film = await lockFilm(tx, slug);
    await alsoInTransaction?.(tx, film);
    if (!film.published) return { slug, previousSlug: null, changed: false, pages: { films: [] as string[], people: [] as string[] } };
    const credited = await creditedPeople(tx, [film.id]);
    const people = await peopleOf(tx, [film.id]);
    await tx.publishedFilm.delete({ where: { filmId: film.id } });
    await removePeopleWithoutParts(tx, people);
    await tx.film.update({ where: { id: film.id }, data: { publishedRevisionId: null } });
    await writeAudit(tx, {
      actor,
      action: 'film.unpublish',
      filmId: film.id,
      subject: film.published.slug,
      ...(scheduledJobId ? { details: { jobId: scheduledJobId } } : {}),
    });
    await enqueueWebhookEvent(tx, 'film.unpublished', {
      film: filmRef({ slug: film.published.slug, title: film.published.title }),
      cacheTags: pageTags({ films: [film.published.slug], people: credited, lists: true }),
      ...(scheduledJobId ? { jobId: scheduledJobId } : {}),
      actor: actorRef(actor),
    });
    return { slug, previousSlug: film.published.slug, changed: true, pages: { films: [film.published.slug], people: credited } };
  });
  if (result.changed) await invalidateFilmPages(result.pages.films, result.pages.people);
  return result;
}
