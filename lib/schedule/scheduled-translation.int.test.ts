/**
 * A translation's publish and take-down scheduled like the page's: checked when scheduled (the
 * language, the translation's revision, the role), run once by the job runner as its creator with
 * the job marked done in the publish's transaction, and the publish's audit row naming the job.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { makeActor } from '../../test-support/actors';
import { saveFirstFrench } from '../../test-support/first-translation';
import { createFilm, publishFilm } from '../films';
import type { Actor } from '../auth/permissions';
import { schedulePublish } from './schedule-publish';
import { scheduleUnpublish } from './schedule-unpublish';
import { listScheduledJobs } from './list-scheduled-jobs';
import { describeJob } from './schedule-schema';
import { createJobRunner } from './job-runner';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
let editor: Actor;
let writer: Actor;
let n = 0;
const unique = () => `sched-fr-${Date.now().toString(36)}-${(n += 1)}`;
const soon = () => new Date(Date.now() + 60_000);
const anHourOn = () => new Date(Date.now() + 3_600_000);

/** A published page with revision 1 of its French translation saved, not published. */
async function pageWithTranslation() {
  const slug = unique();
  await createFilm({ content: sampleFilm({ slug, title: `Film ${slug}` }), actor: admin });
  await publishFilm({ slug, revision: 1, actor: admin });
  await saveFirstFrench(slug, writer);
  return slug;
}

const translationOf = (slug: string) =>
  db().filmTranslation.findFirstOrThrow({ where: { locale: 'fr', film: { slug } }, select: { publishedRevision: true, filmId: true } });

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
  writer = await makeActor('WRITER');
});

// The runner claims every due job in the database: each test starts with none pending.
beforeEach(async () => {
  await db().scheduledJob.updateMany({ where: { state: { in: ['scheduled', 'running'] } }, data: { state: 'cancelled' } });
});

afterAll(async () => {
  await db().$disconnect();
});

describe('a translation’s scheduled publish and take-down', () => {
  it('publishes the named revision when due, once, as the editor who scheduled it; then takes it down', async () => {
    const slug = await pageWithTranslation();
    const job = await schedulePublish({ slug, locale: 'fr', revision: 1, at: soon(), actor: editor });
    expect(job).toMatchObject({ kind: 'publish', locale: 'fr', revision: 1, state: 'scheduled', createdBy: editor.label });
    expect(describeJob(job)).toBe('Publishes the French translation’s revision 1');
    const scheduled = await db().auditLog.findFirstOrThrow({ where: { action: 'schedule.publish', subject: slug } });
    expect(scheduled.details).toMatchObject({ jobId: job.id, revision: 1, locale: 'fr' });
    expect((await translationOf(slug)).publishedRevision).toBeNull();

    const runner = createJobRunner({ now: anHourOn });
    expect(await runner.runDueJobs()).toEqual([{ id: job.id, outcome: 'done' }]);
    expect(await runner.runDueJobs()).toEqual([]);
    const { publishedRevision, filmId } = await translationOf(slug);
    expect(publishedRevision).toBe(1);
    const published = await db().auditLog.findMany({ where: { filmId, action: 'film.translation-publish' } });
    expect(published.map((row) => row.details)).toEqual([{ locale: 'fr', revision: 1, jobId: job.id }]);
    expect(published[0].actorLabel).toBe(editor.label);
    expect((await listScheduledJobs({ actor: editor, slug })).find((j) => j.id === job.id)?.state).toBe('done');

    const takeDown = await scheduleUnpublish({ slug, locale: 'fr', at: soon(), actor: editor });
    expect(describeJob(takeDown)).toBe('Takes the French translation off the site');
    expect(await runner.runDueJobs()).toEqual([{ id: takeDown.id, outcome: 'done' }]);
    expect((await translationOf(slug)).publishedRevision).toBeNull();
    expect(
      await db().auditLog.count({
        where: { filmId, action: 'film.translation-unpublish', details: { path: ['jobId'], equals: takeDown.id } },
      }),
    ).toBe(1);
  });

  it('refuses a language the site lacks, a revision the translation lacks, a translation not there, and writers; nothing is written', async () => {
    const slug = await pageWithTranslation();
    const before = await db().scheduledJob.count();
    await expect(schedulePublish({ slug, locale: 'de', revision: 1, at: soon(), actor: editor })).rejects.toMatchObject({ status: 404 });
    await expect(schedulePublish({ slug, locale: 'en', revision: 1, at: soon(), actor: editor })).rejects.toMatchObject({ status: 404 });
    await expect(schedulePublish({ slug, locale: 'fr', revision: 2, at: soon(), actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'revision' }],
    });
    await expect(schedulePublish({ slug, locale: 'fr', revision: 1, at: soon(), actor: writer })).rejects.toMatchObject({ status: 403 });
    const untranslated = unique();
    await createFilm({ content: sampleFilm({ slug: untranslated, title: 'Untranslated' }), actor: admin });
    await expect(scheduleUnpublish({ slug: untranslated, locale: 'fr', at: soon(), actor: editor })).rejects.toMatchObject({ status: 404 });
    await expect(schedulePublish({ slug: untranslated, locale: 'fr', revision: 1, at: soon(), actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'revision' }],
    });
    expect(await db().scheduledJob.count()).toBe(before);
  });

  it('fails a job at once, naming the language, when the site no longer translates into it', async () => {
    const slug = await pageWithTranslation();
    const { filmId } = await translationOf(slug);
    // As if SITE_LOCALES had listed German when the job was scheduled.
    const job = await db().scheduledJob.create({
      data: { kind: 'publish', filmId, revisionNumber: 1, locale: 'de', runAt: soon(), nextAttemptAt: soon(), createdById: editor.userId! },
    });
    const [outcome] = await createJobRunner({ now: anHourOn }).runDueJobs();
    expect(outcome).toMatchObject({ id: job.id, outcome: 'failed' });
    const failed = await db().auditLog.findFirstOrThrow({ where: { filmId, action: 'schedule.fail' } });
    expect(failed.details).toMatchObject({ jobId: job.id, attempts: 1, locale: 'de' });
  });
});
