import 'server-only';
import { db, type Tx } from '../db';
import { assertCan, can, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { invalidatePages } from '../cache/invalidate-film-pages';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { findTranslation, readTranslationRevision } from './find-translation';
import { isQuizUnit } from './unit-key';
import { assertQuizTextsPublishable } from '../films/assert-quiz-editable';
import type { AlsoInTransaction } from '../films/publish-film';
import { refreshTranslationSearchDocuments } from './translation-search-documents';
import { creditedPeople } from '../films/materialize-published';
import { actorRef, enqueueWebhookEvent, filmRef, pageTags } from '../webhooks/enqueue-webhook-event';

/**
 * After a publish or a take-down commits: the film's reader pages, under the address readers use (and the
 * draft's, should it differ), the lists and the sitemap (its alternates name the film's languages), and the
 * pages of the people it credits (in a translation's language they show its title and their parts in it).
 */
export async function invalidateTranslationPages<T extends { slug: string; readerSlug: string | undefined; people: string[] }>({
  readerSlug,
  people,
  ...result
}: T) {
  await invalidatePages({ films: [readerSlug, result.slug], people, lists: true });
  return result;
}

/** The tags a translation's publish or take-down invalidates, for its webhook event (what invalidateTranslationPages clears). */
const translationTags = (film: { slug: string; published: { slug: string } | null }, people: string[]) =>
  pageTags({ films: [film.published?.slug, film.slug], people, lists: true });

type PublishInput = {
  slug: string;
  locale: string;
  revision: number;
  actor: Actor;
  /** More writes that commit with the change or not at all (a scheduled job marking itself done). */
  alsoInTransaction?: AlsoInTransaction;
  /** The scheduled job it runs as, named in the audit row. */
  scheduledJobId?: string;
};

const jobDetails = (scheduledJobId: string | undefined) => (scheduledJobId ? { jobId: scheduledJobId } : {});

/**
 * Readers of `locale` get this revision of the translation, laid over the page's published
 * revision (lib/reader/get-published-translation.ts). Like publishing the page, an editor's or an
 * admin's (`film.publish`); the page itself must be published first (409), and only an admin may
 * bring live quiz texts that are neither the live ones nor the newest revision's (403). Audited in the same
 * transaction with its webhook event (`translation.published`, the locale in it); the film's reader
 * pages (every language) are invalidated after it commits.
 */
export async function publishTranslation({ alsoInTransaction, ...input }: PublishInput) {
  const result = await db().$transaction(async (tx) => {
    const { change, film } = await publishTranslationInTransaction(tx, input);
    await alsoInTransaction?.(tx, film);
    return change;
  });
  return invalidateTranslationPages(result);
}

/**
 * publishTranslation inside the caller's transaction (an approved review: both or neither). The
 * caller hands the change to `invalidateTranslationPages` once the transaction commits.
 */
export async function publishTranslationInTransaction(
  tx: Tx,
  { slug, locale, revision, actor, scheduledJobId }: Omit<PublishInput, 'alsoInTransaction'>,
) {
  assertCan(actor, 'film.publish');
  const { film, translation } = await findTranslation(tx, slug, locale, 'update');
  if (!translation || revision < 1 || revision > translation.latestRevision)
    throw ValidationError.field('revision', `The ${locale} translation has no revision ${revision}`);
  const page = await tx.film.findUniqueOrThrow({ where: { id: film.id }, select: { publishedRevisionId: true } });
  if (!page.publishedRevisionId) throw new ConflictError(`Publish “${slug}” itself before its ${locale} translation`, { published: false });
  await assertTranslationQuizPublishable(tx, actor, translation, revision);
  await tx.filmTranslation.update({ where: { id: translation.id }, data: { publishedRevision: revision, publishedAt: new Date() } });
  await refreshTranslationSearchDocuments(tx, film.id, locale);
  const people = await creditedPeople(tx, [film.id]);
  await writeAudit(tx, {
    actor,
    action: 'film.translation-publish',
    filmId: film.id,
    subject: film.slug,
    details: { locale, revision, ...jobDetails(scheduledJobId) },
  });
  await enqueueWebhookEvent(tx, 'translation.published', {
    film: filmRef({ slug: film.published?.slug ?? film.slug }),
    locale,
    revision,
    cacheTags: translationTags(film, people),
    actor: actorRef(actor),
  });
  return { change: { slug: film.slug, locale, revision, readerSlug: film.published?.slug, people }, film };
}

/**
 * The quiz is the admins' in every language, as when the page is published: anyone else may bring
 * live only the live translation's quiz texts or the newest revision's (403). Checked when the
 * publish is made, and when it is scheduled (lib/schedule/create-job.ts), so a job that can only be
 * refused is refused at once.
 */
export async function assertTranslationQuizPublishable(
  tx: Tx,
  actor: Actor,
  translation: { id: string; latestRevision: number; publishedRevision: number | null },
  revision: number,
) {
  if (can(actor, 'quiz.edit')) return;
  const quizTexts = async (number: number) =>
    Object.fromEntries(
      Object.entries((await readTranslationRevision(tx, translation.id, number)).texts)
        .filter(([key]) => isQuizUnit(key))
        .map(([key, { text }]) => [key, text]),
    );
  assertQuizTextsPublishable(actor, {
    live: translation.publishedRevision === null ? null : await quizTexts(translation.publishedRevision),
    current: await quizTexts(translation.latestRevision),
    next: await quizTexts(revision),
  });
}

/** Readers of `locale` get the page in its own language again. */
export async function unpublishTranslation({ slug, locale, actor, alsoInTransaction, scheduledJobId }: Omit<PublishInput, 'revision'>) {
  assertCan(actor, 'film.publish');
  const result = await db().$transaction(async (tx) => {
    const { film, translation } = await findTranslation(tx, slug, locale, 'update');
    if (!translation) throw new NotFoundError(`“${slug}” has no ${locale} translation`);
    await tx.filmTranslation.update({ where: { id: translation.id }, data: { publishedRevision: null, publishedAt: null } });
    await refreshTranslationSearchDocuments(tx, film.id, locale);
    const people = await creditedPeople(tx, [film.id]);
    await writeAudit(tx, {
      actor,
      action: 'film.translation-unpublish',
      filmId: film.id,
      subject: film.slug,
      details: { locale, ...jobDetails(scheduledJobId) },
    });
    await enqueueWebhookEvent(tx, 'translation.unpublished', {
      film: filmRef({ slug: film.published?.slug ?? film.slug }),
      locale,
      cacheTags: translationTags(film, people),
      actor: actorRef(actor),
    });
    await alsoInTransaction?.(tx, film);
    return { slug: film.slug, locale, readerSlug: film.published?.slug, people };
  });
  return invalidateTranslationPages(result);
}
