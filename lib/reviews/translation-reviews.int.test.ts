/**
 * Reviewing a translation against PostgreSQL: a writer submits a revision of the French
 * translation, a reviewer approves it (which publishes exactly that revision, in the approval's
 * transaction) or sends it back; the page's own review is a separate request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import { saveFirstFrench } from '../../test-support/first-translation';
import { createFilm, getDraft, publishFilm, saveDraft } from '../films';
import { listEditorNotifications } from '../notifications/editor-notifications';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Actor } from '../auth/permissions';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation } from '../translations/publish-translation';
import { submitForReview } from './submit-for-review';
import { requestChanges } from './request-changes';
import { approveReview } from './approve-review';
import { getFilmReviewStatus, getReview, listReviews } from './list-reviews';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
let editor: Actor;
let writer: Actor;
let n = 0;

/** A film (published unless told otherwise) with revision 1 of its French translation saved by the writer. */
async function translatedFilm({ published = true } = {}) {
  n += 1;
  const content = sampleFilm({ slug: `review-fr-${Date.now().toString(36)}-${n}`, title: `Reviewed translation ${n}` });
  const { film } = await createFilm({ content, actor: admin });
  if (published) await publishFilm({ slug: content.slug, revision: 1, actor: admin });
  await saveFirstFrench(content.slug, writer, { premise: 'Une patineuse.', title: 'Le film' });
  return { slug: content.slug, filmId: film.id };
}

/** The writer's save of the French translation, made from the page's revision 1. */
const saveFrench = (slug: string, baseRevision: number, texts: Record<string, string>) =>
  saveTranslation({ slug, locale: 'fr', baseRevision, sourceRevision: 1, texts, message: '', actor: writer });

const frenchPublished = (filmId: string) =>
  db()
    .filmTranslation.findFirstOrThrow({ where: { filmId, locale: 'fr' }, select: { publishedRevision: true } })
    .then((t) => t.publishedRevision);

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
});

describe('reviewing a translation', () => {
  it('a writer submits the newest French revision; approving publishes exactly it, audited with the language', async () => {
    const { slug, filmId } = await translatedFilm();
    const review = await submitForReview({ slug, locale: 'fr', note: 'Relu', actor: writer });
    expect(review).toMatchObject({ slug, locale: 'fr', revision: 1, state: 'pending' });
    // The page's own review status is not the translation's.
    expect(await getFilmReviewStatus({ filmId, actor: writer })).toBeNull();
    expect(await getFilmReviewStatus({ filmId, locale: 'fr', actor: writer })).toMatchObject({
      locale: 'fr',
      state: 'pending',
      revision: 1,
      publishedRevision: null,
      latestRevision: 1,
    });
    // A newer save does not change what is under review.
    await saveFrench(slug, 1, { premise: 'Autre.' });
    expect(await approveReview({ reviewId: review.id, actor: editor })).toMatchObject({ locale: 'fr', revision: 1, state: 'approved' });
    expect(await frenchPublished(filmId)).toBe(1);
    const audit = await db().auditLog.findMany({
      where: { filmId, action: { in: ['review.submit', 'review.approve', 'film.translation-publish'] } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((row) => [row.action, row.details])).toEqual([
      ['review.submit', expect.objectContaining({ locale: 'fr', revision: 1, note: 'Relu' })],
      ['film.translation-publish', expect.objectContaining({ locale: 'fr', revision: 1 })],
      ['review.approve', expect.objectContaining({ locale: 'fr', revision: 1, reviewId: review.id })],
    ]);
    expect(await getFilmReviewStatus({ filmId, locale: 'fr', actor: writer })).toBeNull();
  });

  it('shows the reviewer the texts against the published translation, and no page diff', async () => {
    const { slug, filmId } = await translatedFilm();
    await publishTranslation({ slug, locale: 'fr', revision: 1, actor: editor });
    await saveFrench(slug, 1, { premise: 'Une patineuse de Montréal.', title: 'Le film' });
    const { id } = await submitForReview({ slug, locale: 'fr', actor: writer });
    const detail = await getReview({ reviewId: id, actor: editor });
    expect(detail).toMatchObject({ locale: 'fr', revision: 2, publishedRevision: 1, latestRevision: 2, emptyParts: [] });
    expect(detail.diff).toMatchObject({ identical: true, entries: [] });
    expect(detail.translation).toMatchObject({ locale: 'fr', from: 1, to: 2 });
    expect(detail.translation!.changes).toEqual([
      expect.objectContaining({ key: 'premise', change: 'changed', before: 'Une patineuse.', after: 'Une patineuse de Montréal.' }),
    ]);
    const queue = await listReviews({ film: slug, actor: editor });
    expect(queue.map((r) => [r.locale, r.revision, r.state])).toEqual([['fr', 2, 'pending']]);
    expect(await frenchPublished(filmId)).toBe(1);
  });

  it('a translation’s request and the page’s are separate: submitting again withdraws only the same one', async () => {
    const { slug, filmId } = await translatedFilm();
    const draft = await getDraft({ slug, actor: writer });
    await saveDraft({ slug, baseRevision: 1, content: { ...draft.content, premise: 'A page edit.' }, actor: writer });
    const page = await submitForReview({ slug, actor: writer });
    await saveFrench(slug, 1, { premise: 'Deux.' });
    const first = await submitForReview({ slug, locale: 'fr', revision: 1, actor: writer });
    const second = await submitForReview({ slug, locale: 'fr', actor: writer });
    expect(second.revision).toBe(2);
    const rows = await db().reviewRequest.findMany({ where: { filmId }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => [r.id, r.locale, r.revisionNumber, r.state])).toEqual([
      [page.id, null, 2, 'pending'],
      [first.id, 'fr', 1, 'withdrawn'],
      [second.id, 'fr', 2, 'pending'],
    ]);
    expect(await getFilmReviewStatus({ filmId, actor: writer })).toMatchObject({ id: page.id, locale: null, revision: 2 });
    expect(await getFilmReviewStatus({ filmId, locale: 'fr', actor: writer })).toMatchObject({ id: second.id, revision: 2 });
    // Sent back, the page's request and the translation's each count for the writer's badge.
    const before = (await listEditorNotifications(writer)).find((x) => x.key === 'changes-requested')?.count ?? 0;
    await requestChanges({ reviewId: page.id, comment: 'The page', actor: editor });
    await requestChanges({ reviewId: second.id, comment: 'La traduction', actor: editor });
    expect((await listEditorNotifications(writer)).find((x) => x.key === 'changes-requested')?.count).toBe(before + 2);
  });

  it('approving while the writer saves the translation: both go through, in some order, neither deadlocks', async () => {
    for (let round = 0; round < 4; round++) {
      const { slug, filmId } = await translatedFilm();
      const { id } = await submitForReview({ slug, locale: 'fr', actor: writer });
      const results = await Promise.allSettled([
        approveReview({ reviewId: id, actor: editor }),
        saveFrench(slug, 1, { premise: 'Encore.' }),
      ]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
      expect(await frenchPublished(filmId)).toBe(1);
    }
  });

  it('refuses what cannot be reviewed, and changes nothing', async () => {
    const { slug, filmId } = await translatedFilm();
    await expect(submitForReview({ slug, locale: 'fr', revision: 2, actor: writer })).rejects.toMatchObject({
      constructor: ValidationError,
      errors: [expect.objectContaining({ path: 'revision' })],
    });
    await expect(submitForReview({ slug, locale: 'de', actor: writer })).rejects.toBeInstanceOf(NotFoundError);
    await expect(submitForReview({ slug, locale: 'en', actor: writer })).rejects.toBeInstanceOf(NotFoundError);
    await publishTranslation({ slug, locale: 'fr', revision: 1, actor: editor });
    await expect(submitForReview({ slug, locale: 'fr', actor: writer })).rejects.toBeInstanceOf(ConflictError);
    const { slug: untranslated } = await (async () => {
      n += 1;
      const content = sampleFilm({ slug: `review-fr-none-${Date.now().toString(36)}-${n}`, title: 'Not translated' });
      await createFilm({ content, actor: admin });
      return content;
    })();
    await expect(submitForReview({ slug: untranslated, locale: 'fr', actor: writer })).rejects.toBeInstanceOf(ValidationError);
    expect(await db().reviewRequest.count({ where: { filmId } })).toBe(0);
  });

  it('approving on a page not yet published is refused and leaves the request pending', async () => {
    const { slug, filmId } = await translatedFilm({ published: false });
    const review = await submitForReview({ slug, locale: 'fr', actor: writer });
    await expect(approveReview({ reviewId: review.id, actor: editor })).rejects.toBeInstanceOf(ConflictError);
    expect(await getFilmReviewStatus({ filmId, locale: 'fr', actor: editor })).toMatchObject({ state: 'pending' });
    expect(await frenchPublished(filmId)).toBeNull();
    await expect(approveReview({ reviewId: review.id, actor: writer })).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('changes requested reach the translation screen; an approval with a time schedules the translation’s publish', async () => {
    const { slug, filmId } = await translatedFilm();
    const sentBack = await submitForReview({ slug, locale: 'fr', actor: writer });
    await requestChanges({ reviewId: sentBack.id, comment: 'Le titre en italique', actor: editor });
    expect(await getFilmReviewStatus({ filmId, locale: 'fr', actor: writer })).toMatchObject({
      state: 'changes_requested',
      decisionComment: 'Le titre en italique',
    });
    const again = await submitForReview({ slug, locale: 'fr', actor: writer });
    const publishAt = new Date(Date.now() + 3_600_000).toISOString();
    const approved = await approveReview({ reviewId: again.id, publishAt, actor: editor });
    expect(approved).toMatchObject({ locale: 'fr', state: 'approved', scheduledJob: { id: expect.any(String) } });
    const job = await db().scheduledJob.findUniqueOrThrow({ where: { id: approved.scheduledJob!.id } });
    expect(job).toMatchObject({ kind: 'publish', locale: 'fr', revisionNumber: 1, filmId });
    expect(await frenchPublished(filmId)).toBeNull();
  });
});
