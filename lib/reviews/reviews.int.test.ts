/**
 * The review workflow against PostgreSQL: every transition, the roles that may make it,
 * the audit row written with it, and that approval publishes the revision the request names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, saveDraft, getDraft, publishFilm, unpublishFilm } from '../films';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../errors';
import { getPublishedFilm } from '../reader/get-published-film';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { submitForReview } from './submit-for-review';
import { requestChanges } from './request-changes';
import { approveReview } from './approve-review';
import { getFilmReviewStatus, getReview, listReviews } from './list-reviews';
import { listEditorNotifications } from '../notifications/editor-notifications';
import { pruneRevisions, setRetentionSetting } from '../films/retention';
import { createJobRunner } from '../schedule/job-runner';
import { schedulePublish } from '../schedule/schedule-publish';
import { retryScheduledJob } from '../schedule/retry-scheduled-job';

let admin: Actor;
let editor: Actor;
let writer: Actor;
let n = 0;

async function draftFilm() {
  n += 1;
  const content = sampleFilm({ slug: `review-${Date.now().toString(36)}-${n}`, title: `Review film ${n}` });
  // The sample page has a quiz, which only admins may write; the writer edits the rest.
  const { film } = await createFilm({ content, actor: admin });
  return { content, filmId: film.id };
}

const auditOf = (filmId: string) =>
  db().auditLog.findMany({ where: { filmId, action: { startsWith: 'review.' } }, orderBy: { id: 'asc' } });

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
});

describe('roles', () => {
  it('a writer saves drafts but can never publish or unpublish', async () => {
    const { content } = await draftFilm();
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'A writer edit.' }, actor: writer });
    await expect(publishFilm({ slug: content.slug, revision: 2, actor: writer })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getDraft({ slug: content.slug, actor: writer })).published).toBeNull();
    await publishFilm({ slug: content.slug, revision: 2, actor: editor });
    await expect(unpublishFilm({ slug: content.slug, actor: writer })).rejects.toBeInstanceOf(ForbiddenError);
    expect((await getDraft({ slug: content.slug, actor: writer })).published).toBe(2);
  });

  it('a writer cannot decide a review; no one signed out can submit', async () => {
    const { content } = await draftFilm();
    const review = await submitForReview({ slug: content.slug, actor: writer });
    await expect(approveReview({ reviewId: review.id, actor: writer })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(requestChanges({ reviewId: review.id, comment: 'no', actor: writer })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(submitForReview({ slug: content.slug, actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await db().reviewRequest.findUniqueOrThrow({ where: { id: review.id } })).state).toBe('pending');
  });
});

describe('transitions', () => {
  it('submit → changes requested → resubmit → approved, each with its audit row naming the revision', async () => {
    const { content, filmId } = await draftFilm();
    const first = await submitForReview({ slug: content.slug, note: 'First pass', actor: writer });
    expect(first).toMatchObject({ revision: 1, state: 'pending' });
    expect(await getFilmReviewStatus({ filmId, actor: writer })).toMatchObject({ state: 'pending', revision: 1 });

    await expect(requestChanges({ reviewId: first.id, comment: '   ', actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'comment' }],
    });
    const sentBack = await requestChanges({ reviewId: first.id, comment: 'Tighten the premise', actor: editor });
    expect(sentBack.state).toBe('changes_requested');
    expect(await getFilmReviewStatus({ filmId, actor: writer })).toMatchObject({
      state: 'changes_requested',
      decisionComment: 'Tighten the premise',
    });
    // Decided once: a second decision is a conflict and changes nothing.
    await expect(approveReview({ reviewId: first.id, actor: editor })).rejects.toBeInstanceOf(ConflictError);

    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'A tighter premise.' }, actor: writer });
    const second = await submitForReview({ slug: content.slug, actor: writer });
    expect(second.revision).toBe(2);
    const approved = await approveReview({ reviewId: second.id, comment: 'Good', actor: editor });
    expect(approved).toMatchObject({ state: 'approved', revision: 2 });
    expect((await getPublishedFilm(content.slug, 'none'))?.premise).toBe('A tighter premise.');
    expect(await getFilmReviewStatus({ filmId, actor: writer })).toBeNull();

    const audit = await auditOf(filmId);
    expect(audit.map((a) => [a.action, (a.details as { revision: number }).revision])).toEqual([
      ['review.submit', 1],
      ['review.request-changes', 1],
      ['review.submit', 2],
      ['review.approve', 2],
    ]);
    expect(audit[1].actorId).toBe(editor.userId);
  });

  it('approval publishes the revision it names, even after a newer save', async () => {
    const { content } = await draftFilm();
    const review = await submitForReview({ slug: content.slug, actor: writer });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Saved after submitting.' }, actor: writer });
    const approved = await approveReview({ reviewId: review.id, actor: admin });
    expect(approved.revision).toBe(1);
    const draft = await getDraft({ slug: content.slug, actor: editor });
    expect(draft).toMatchObject({ revision: 2, published: 1 });
    expect((await getPublishedFilm(content.slug, 'none'))?.premise).toBe(content.premise);
  });

  it('a new submission withdraws the pending one (audited), and the published revision cannot be submitted', async () => {
    const { content, filmId } = await draftFilm();
    const first = await submitForReview({ slug: content.slug, actor: writer });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Second.' }, actor: writer });
    await submitForReview({ slug: content.slug, actor: writer });
    expect((await db().reviewRequest.findUniqueOrThrow({ where: { id: first.id } })).state).toBe('withdrawn');
    expect((await auditOf(filmId)).map((a) => a.action)).toEqual(['review.submit', 'review.withdraw', 'review.submit']);
    await expect(approveReview({ reviewId: first.id, actor: editor })).rejects.toBeInstanceOf(ConflictError);

    await publishFilm({ slug: content.slug, revision: 2, actor: editor });
    await expect(submitForReview({ slug: content.slug, revision: 2, actor: writer })).rejects.toBeInstanceOf(ConflictError);
    await expect(submitForReview({ slug: content.slug, revision: 9, actor: writer })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'revision' }],
    });
  });

  it('an approval whose publish fails changes nothing: no approval, no audit row, nothing published', async () => {
    // Revision 2 moves the page to a new address and is submitted; revision 3 moves it back, and
    // another film is published at the new address meanwhile: publishing revision 2 is refused.
    const { content, filmId } = await draftFilm();
    const address = `${content.slug}-new`;
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, slug: address }, actor: writer });
    const review = await submitForReview({ slug: address, revision: 2, actor: writer });
    await saveDraft({ slug: address, baseRevision: 2, content, actor: writer });
    const other = sampleFilm({ slug: address, title: 'Took the address' });
    await createFilm({ content: other, actor: admin });
    await publishFilm({ slug: address, revision: 1, actor: editor });
    await expect(approveReview({ reviewId: review.id, actor: editor })).rejects.toMatchObject({ status: 400, errors: [{ path: 'slug' }] });
    expect((await db().reviewRequest.findUniqueOrThrow({ where: { id: review.id } })).state).toBe('pending');
    expect((await auditOf(filmId)).map((a) => a.action)).toEqual(['review.submit']);
    expect(await db().auditLog.count({ where: { filmId, action: 'film.publish' } })).toBe(0);
    expect(await db().publishedFilm.count({ where: { filmId } })).toBe(0);
  });
});

describe('approve and schedule', () => {
  const inAMinute = () => new Date(Date.now() + 60_000);
  /** A runner whose clock is an hour ahead: the job scheduled a minute ahead is due. */
  const runnerAnHourAhead = () => createJobRunner({ now: () => new Date(Date.now() + 3_600_000) });

  // The runner claims every due job in the shared database: start with none pending.
  beforeAll(async () => {
    await db().scheduledJob.updateMany({ where: { state: { in: ['scheduled', 'running'] } }, data: { state: 'cancelled' } });
  });

  it('approval with publishAt writes the approval and the job in one go; the runner publishes the named revision', async () => {
    const { content, filmId } = await draftFilm();
    const review = await submitForReview({ slug: content.slug, actor: writer });
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Saved after submitting.' }, actor: writer });
    const publishAt = inAMinute();
    const approved = await approveReview({ reviewId: review.id, comment: 'Friday', publishAt: publishAt.toISOString(), actor: editor });
    expect(approved).toMatchObject({
      state: 'approved',
      revision: 1,
      scheduledJob: { id: expect.any(String), runAt: publishAt.toISOString() },
    });

    const job = await db().scheduledJob.findUniqueOrThrow({ where: { id: approved.scheduledJob!.id } });
    expect(job).toMatchObject({ kind: 'publish', filmId, revisionNumber: 1, state: 'scheduled', createdById: editor.userId });
    // Not live yet.
    expect(await db().publishedFilm.count({ where: { filmId } })).toBe(0);
    const audit = await db().auditLog.findMany({
      where: { filmId, action: { in: ['review.approve', 'schedule.publish', 'film.publish'] } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual(['schedule.publish', 'review.approve']);
    expect(audit[1].details).toMatchObject({
      revision: 1,
      reviewId: review.id,
      jobId: job.id,
      publishAt: publishAt.toISOString(),
      comment: 'Friday',
    });

    expect(await runnerAnHourAhead().runDueJobs()).toContainEqual({ id: job.id, outcome: 'done' });
    expect((await getPublishedFilm(content.slug, 'none'))?.premise).toBe(content.premise);
    expect(await getDraft({ slug: content.slug, actor: editor })).toMatchObject({ revision: 2, published: 1 });
  });

  it('a schedule that is refused leaves the review pending: no approval, no job, no audit row', async () => {
    const { content, filmId } = await draftFilm();
    const review = await submitForReview({ slug: content.slug, actor: writer });
    const auditActions = async () => (await db().auditLog.findMany({ where: { filmId }, orderBy: { id: 'asc' } })).map((a) => a.action);
    const auditBefore = await auditActions();
    expect(auditBefore.at(-1)).toBe('review.submit');
    const unchanged = async () => {
      expect((await db().reviewRequest.findUniqueOrThrow({ where: { id: review.id } })).state).toBe('pending');
      expect(await db().scheduledJob.count({ where: { filmId } })).toBe(0);
      expect(await auditActions()).toEqual(auditBefore);
    };
    const past = new Date(Date.now() - 60_000).toISOString();
    await expect(approveReview({ reviewId: review.id, publishAt: past, actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'publishAt' }],
    });
    await unchanged();
    // A system actor may decide, but a job runs as a user: the schedule is refused after the
    // approval row was written in the transaction, and the approval is rolled back with it.
    const system: Actor = { userId: '', label: 'system', role: 'ADMIN', via: 'system' };
    await expect(approveReview({ reviewId: review.id, publishAt: inAMinute(), actor: system })).rejects.toMatchObject({ status: 403 });
    await unchanged();
    // Still pending: it can be approved now.
    expect(await approveReview({ reviewId: review.id, publishAt: inAMinute(), actor: editor })).toMatchObject({ state: 'approved' });
  });

  it('the badge counts failed scheduled jobs for admins, linked to the failed ones on /editor/jobs', async () => {
    const failedCount = async (actor: Actor) => (await listEditorNotifications(actor)).find((x) => x.key === 'jobs-failed');
    const before = (await failedCount(admin))?.count ?? 0;
    const creator = await makeActor('EDITOR');
    const { content } = await draftFilm();
    const job = await schedulePublish({ slug: content.slug, revision: 1, at: inAMinute(), actor: creator });
    // Its creator is disabled before it runs: the runner fails it for good.
    await db().user.update({ where: { id: creator.userId }, data: { disabled: true } });
    expect(await runnerAnHourAhead().runDueJobs()).toContainEqual(expect.objectContaining({ id: job.id, outcome: 'failed' }));

    expect(await failedCount(admin)).toEqual({
      key: 'jobs-failed',
      label: before === 0 ? 'scheduled job failed' : 'scheduled jobs failed',
      href: '/editor/jobs?state=failed',
      count: before + 1,
    });
    expect(before + 1).toBe(await db().scheduledJob.count({ where: { state: 'failed' } }));
    expect(await failedCount(editor)).toBeUndefined();
    expect(await failedCount(writer)).toBeUndefined();
    // Retried by an admin: no longer failed, no longer counted.
    await retryScheduledJob({ id: job.id, actor: admin });
    expect((await failedCount(admin))?.count ?? 0).toBe(before);
  });
});

describe('history retention', () => {
  it('never prunes a revision a review request names', async () => {
    const { content, filmId } = await draftFilm();
    await saveDraft({ slug: content.slug, baseRevision: 1, content: { ...content, premise: 'Two.' }, actor: writer });
    await submitForReview({ slug: content.slug, revision: 2, actor: writer });
    await saveDraft({ slug: content.slug, baseRevision: 2, content: { ...content, premise: 'Three.' }, actor: writer });
    await saveDraft({ slug: content.slug, baseRevision: 3, content: { ...content, premise: 'Four.' }, actor: writer });
    await db().revision.updateMany({ where: { filmId }, data: { createdAt: new Date(Date.now() - 40 * 86400_000) } });
    await setRetentionSetting({ actor: admin, pruneUnnamedAfterDays: 30 });
    try {
      await pruneRevisions({ actor: admin });
    } finally {
      await setRetentionSetting({ actor: admin, pruneUnnamedAfterDays: null });
    }
    const left = await db().revision.findMany({ where: { filmId }, orderBy: { number: 'asc' }, select: { number: true } });
    // 3 is an old unnamed save: pruned; 2 is under review: kept.
    expect(left.map((r) => r.number)).toEqual([1, 2, 4]);
  });
});

describe('queue, diff and notifications', () => {
  it('lists pending first and shows the diff from the published revision with spoiler flags', async () => {
    const { content } = await draftFilm();
    await publishFilm({ slug: content.slug, revision: 1, actor: editor });
    const full = content.events.find((e) => e.spoiler === 'full')!;
    const lowered = { ...content, events: content.events.map((e) => (e.id === full.id ? { ...e, spoiler: 'none' as const } : e)) };
    await saveDraft({ slug: content.slug, baseRevision: 1, content: lowered, actor: writer });
    const review = await submitForReview({ slug: content.slug, actor: writer });

    const queue = await listReviews({ actor: editor });
    const firstDecided = queue.findIndex((r) => r.state !== 'pending');
    const lastPending = queue.map((r) => r.state).lastIndexOf('pending');
    expect(firstDecided === -1 || lastPending < firstDecided).toBe(true);
    expect(queue.some((r) => r.id === review.id)).toBe(true);

    const detail = await getReview({ reviewId: review.id, actor: editor });
    expect(detail).toMatchObject({ revision: 2, publishedRevision: 1 });
    expect(detail.diff.flags.some((f) => f.key === `events/${full.id}` && f.reason === 'level-lowered')).toBe(true);
    // The sample page fills every part approving asks about; a revision without a timeline is asked about.
    expect(detail.emptyParts).toEqual([]);
    await saveDraft({ slug: content.slug, baseRevision: 2, content: { ...lowered, events: [] }, actor: writer });
    const bare = await submitForReview({ slug: content.slug, actor: writer });
    expect((await getReview({ reviewId: bare.id, actor: editor })).emptyParts).toEqual(['Timeline']);
    // Every character at full: the levels below would see none of them, and approving asks, as publishing does.
    const hidden = { ...lowered, characters: lowered.characters.map((c) => ({ ...c, spoiler: 'full' as const })) };
    await saveDraft({ slug: content.slug, baseRevision: 3, content: hidden, actor: writer });
    const levels = (await getReview({ reviewId: (await submitForReview({ slug: content.slug, actor: writer })).id, actor: editor }))
      .emptyLevels;
    expect(levels.find((sentence) => sentence.startsWith('A no-spoiler reader'))).toMatch(/would see nothing in .*Characters/u);
    expect(levels.find((sentence) => sentence.startsWith('A light-spoiler reader'))).toMatch(/would see nothing in .*Characters/u);
  });

  it('the badge counts reviews waiting for reviewers and changes requested for the writer who submitted', async () => {
    const someoneElse = await makeActor('WRITER');
    const { content } = await draftFilm();
    const review = await submitForReview({ slug: content.slug, actor: writer });
    const waiting = (await listEditorNotifications(editor)).find((x) => x.key === 'reviews-waiting');
    expect(waiting?.count).toBe(await db().reviewRequest.count({ where: { state: 'pending' } }));
    expect((await listEditorNotifications(writer)).find((x) => x.key === 'reviews-waiting')).toBeUndefined();

    const before = (await listEditorNotifications(writer)).find((x) => x.key === 'changes-requested')?.count ?? 0;
    await requestChanges({ reviewId: review.id, comment: 'More detail', actor: editor });
    expect((await listEditorNotifications(writer)).find((x) => x.key === 'changes-requested')?.count).toBe(before + 1);
    expect((await listEditorNotifications(someoneElse)).find((x) => x.key === 'changes-requested')).toBeUndefined();
    // Resubmitting answers it.
    await submitForReview({ slug: content.slug, actor: writer });
    expect((await listEditorNotifications(writer)).find((x) => x.key === 'changes-requested')?.count ?? 0).toBe(before);
  });
});
