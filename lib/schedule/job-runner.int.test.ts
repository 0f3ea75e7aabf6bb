/**
 * Scheduled publishing against real PostgreSQL: scheduling (roles, validation, audit), the runner
 * claiming jobs exactly once with two runners racing, retry with backoff, takeover of a stale
 * lock, and refusal for a creator who was disabled. The runners' clocks are moved forward instead
 * of waiting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDbClient, db } from '../db';
import { startTcpProxy } from '../../scripts/ops/support';
import { sampleFilm } from '../../test-support/sample-film';
import { createFilm, publishFilm, saveDraft, unpublishFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { schedulePublish } from './schedule-publish';
import { scheduleUnpublish } from './schedule-unpublish';
import { cancelScheduledJob } from './cancel-scheduled-job';
import { listScheduledJobs } from './list-scheduled-jobs';
import { retryScheduledJob } from './retry-scheduled-job';
import { JOB_DEFAULTS, createJobRunner } from './job-runner';

let admin: Actor;
let editor: Actor;
let n = 0;
const unique = () => `sched-${Date.now().toString(36)}-${(n += 1)}`;
// A minute ahead: still in the future when a busy machine stalls before the job is written.
const soon = () => new Date(Date.now() + 60_000);
/** A clock an hour ahead: every job scheduled "soon" is due. */
const later =
  (ms = 3_600_000) =>
  () =>
    new Date(Date.now() + ms);

async function newFilm(slug = unique()) {
  await createFilm({ content: sampleFilm({ slug, title: `Film ${slug}` }), actor: admin });
  return slug;
}

const publishCount = (filmId: string) => db().auditLog.count({ where: { filmId, action: 'film.publish' } });

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

// Each test starts with no pending job: a runner claims every due job in the database.
beforeEach(async () => {
  await db().scheduledJob.updateMany({ where: { state: { in: ['scheduled', 'running'] } }, data: { state: 'cancelled' } });
});

afterAll(async () => {
  await db().$disconnect();
});

describe('scheduling', () => {
  it('records a publish with its revision and an audit row in the same transaction', async () => {
    const slug = await newFilm();
    const job = await schedulePublish({ slug, revision: 1, at: soon(), actor: editor });
    expect(job).toMatchObject({ kind: 'publish', state: 'scheduled', revision: 1, filmSlug: slug, attempts: 0, createdBy: editor.label });
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: 'schedule.publish', subject: slug } });
    expect(audit.details).toMatchObject({ jobId: job.id, revision: 1 });
    expect((await listScheduledJobs({ actor: editor, slug })).map((j) => j.id)).toEqual([job.id]);
  });

  it('refuses a time in the past, a missing revision and roles that cannot publish', async () => {
    const slug = await newFilm();
    await expect(schedulePublish({ slug, revision: 1, at: new Date(Date.now() - 60_000), actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'at' }],
    });
    await expect(schedulePublish({ slug, revision: 7, at: soon(), actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'revision' }],
    });
    await expect(schedulePublish({ slug, revision: 1, at: 'tomorrow', actor: editor })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'at' }],
    });
    await expect(schedulePublish({ slug: 'no-such-film-here', revision: 1, at: soon(), actor: editor })).rejects.toMatchObject({
      status: 404,
    });
    await expect(schedulePublish({ slug, revision: 1, at: soon(), actor: { ...editor, role: 'NOBODY' as never } })).rejects.toMatchObject({
      status: 403,
    });
    await expect(listScheduledJobs({ actor: editor })).rejects.toMatchObject({ status: 403 });
    expect(await db().scheduledJob.count({ where: { film: { slug } } })).toBe(0);
  });

  it('cancels a scheduled job (audited) and refuses to cancel it twice', async () => {
    const slug = await newFilm();
    const job = await scheduleUnpublish({ slug, at: soon(), actor: editor });
    expect(await cancelScheduledJob({ id: job.id, actor: editor })).toEqual({ cancelled: [job.id] });
    await expect(cancelScheduledJob({ id: job.id, actor: editor })).rejects.toMatchObject({ status: 409 });
    expect(await db().auditLog.count({ where: { action: 'schedule.cancel', subject: slug } })).toBe(1);
    expect(await createJobRunner({ now: later() }).runDueJobs()).toEqual([]);
  });
});

describe('the job runner', () => {
  it('runs each job exactly once with two runners racing on the same database', async () => {
    const slugs = await Promise.all(Array.from({ length: 12 }, () => newFilm()));
    const jobs = [];
    for (const slug of slugs) jobs.push(await schedulePublish({ slug, revision: 1, at: soon(), actor: editor }));
    // Two more jobs on one film: a publish and a later unpublish, both due.
    const twice = slugs[0];
    await saveDraft({ slug: twice, baseRevision: 1, content: sampleFilm({ slug: twice, title: 'Second revision' }), actor: editor });
    jobs.push(await schedulePublish({ slug: twice, revision: 2, at: new Date(Date.now() + 120_000), actor: editor }));

    const a = createJobRunner({ id: 'runner-a', now: later(), batchSize: 3 });
    const b = createJobRunner({ id: 'runner-b', now: later(), batchSize: 3 });
    const [fromA, fromB] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    const ran = [...fromA, ...fromB];

    expect(ran.every((outcome) => outcome.outcome === 'done')).toBe(true);
    expect(ran.map((outcome) => outcome.id).sort()).toEqual(jobs.map((job) => job.id).sort());
    const rows = await db().scheduledJob.findMany({ where: { id: { in: jobs.map((job) => job.id) } } });
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    // Both runners did work (the batches are small), and each job left one publish behind.
    expect(new Set(rows.map((row) => row.lockedBy)).size).toBe(2);
    const films = await db().film.findMany({
      where: { slug: { in: slugs } },
      select: { id: true, slug: true, published: { select: { revisionNumber: true } } },
    });
    for (const film of films) {
      expect(await publishCount(film.id)).toBe(film.slug === twice ? 2 : 1);
      expect(film.published?.revisionNumber).toBe(film.slug === twice ? 2 : 1);
      // One audit row per run: the publish's own, naming its job.
      const runs = await db().auditLog.findMany({ where: { filmId: film.id, action: 'film.publish' }, select: { details: true } });
      expect(runs.filter((row) => typeof (row.details as { jobId?: unknown } | null)?.jobId === 'string')).toHaveLength(
        film.slug === twice ? 2 : 1,
      );
      expect(await db().auditLog.count({ where: { filmId: film.id, action: 'schedule.run' } })).toBe(0);
    }
    // Nothing is left to claim.
    expect(await a.runDueJobs()).toEqual([]);
  });

  it('retries a failing job with exponential backoff, then fails it with the error; an admin can retry it', async () => {
    // Film A's revision 1 has the address `clash`; A moved to another address in revision 2, and
    // film B was published under `clash`. Publishing A's revision 1 fails until B goes.
    const clash = unique();
    const moved = unique();
    await newFilm(clash);
    await saveDraft({ slug: clash, baseRevision: 1, content: sampleFilm({ slug: moved, title: 'Moved' }), actor: editor });
    await newFilm(clash);
    await publishFilm({ slug: clash, revision: 1, actor: admin });
    const job = await schedulePublish({ slug: moved, revision: 1, at: soon(), actor: editor });

    const t0 = Date.now() + 3_600_000;
    const runAt = (ms: number) => createJobRunner({ now: () => new Date(t0 + ms), maxAttempts: 3, backoffMs: 60_000 }).runDueJobs();
    expect(await runAt(0)).toMatchObject([{ id: job.id, outcome: 'retry' }]);
    let row = await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ state: 'scheduled', attempts: 1, lockedBy: null });
    expect(row.lastError).toContain(clash);
    expect(row.nextAttemptAt.getTime()).toBe(t0 + 60_000);
    // Not before the backoff, which doubles.
    expect(await runAt(59_999)).toEqual([]);
    expect(await runAt(60_000)).toMatchObject([{ id: job.id, outcome: 'retry' }]);
    row = await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.nextAttemptAt.getTime()).toBe(t0 + 60_000 + 120_000);
    expect(await runAt(179_999)).toEqual([]);
    expect(await runAt(180_000)).toMatchObject([{ id: job.id, outcome: 'failed' }]);
    row = await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ state: 'failed', attempts: 3 });
    expect(row.lastError).toContain(clash);
    expect(await db().auditLog.count({ where: { action: 'schedule.fail', details: { path: ['jobId'], equals: job.id } } })).toBe(1);
    expect(await runAt(10_000_000)).toEqual([]);

    // Fixed: B goes; an admin (only) puts the job back, and it runs.
    await unpublishFilm({ slug: clash, actor: admin });
    await expect(retryScheduledJob({ id: job.id, actor: editor })).rejects.toMatchObject({ status: 403 });
    expect(await retryScheduledJob({ id: job.id, actor: admin })).toMatchObject({ state: 'scheduled', attempts: 0 });
    expect(await runAt(10_000_000)).toMatchObject([{ id: job.id, outcome: 'done' }]);
    const film = await db().film.findUniqueOrThrow({
      where: { slug: moved },
      select: { published: { select: { slug: true, revisionNumber: true } } },
    });
    expect(film.published).toEqual({ slug: clash, revisionNumber: 1 });
  });

  it('takes over a job whose runner died while running it (stale lock), not one still fresh', async () => {
    const slug = await newFilm();
    const job = await schedulePublish({ slug, revision: 1, at: soon(), actor: editor });
    // What a runner that died mid-job leaves behind: running, locked, one attempt counted.
    const lockedAt = new Date(Date.now() + 60_000);
    await db().scheduledJob.update({ where: { id: job.id }, data: { state: 'running', lockedBy: 'dead-runner', lockedAt, attempts: 1 } });

    // The default lease (30 s), not a fixed five minutes: a restarted instance's jobs are taken over within it.
    const at = (ms: number) => createJobRunner({ id: 'survivor', now: () => new Date(lockedAt.getTime() + ms) });
    expect(JOB_DEFAULTS.leaseMs).toBe(30_000);
    expect(await at(29_999).runDueJobs()).toEqual([]);
    expect(await at(30_001).runDueJobs()).toEqual([{ id: job.id, outcome: 'done' }]);
    const row = await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ state: 'done', lockedBy: 'survivor', attempts: 2 });
    expect(await publishCount(row.filmId)).toBe(1);
  });

  it('a live runner renews its lease: a job it holds longer than the lease is not taken over', async () => {
    const slug = await newFilm();
    const job = await schedulePublish({ slug, revision: 1, at: soon(), actor: editor });
    const { id: filmId } = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The film's row is locked: runner A claims the job and waits inside its publish, past its lease.
    const blocker = db().$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Film" WHERE id = ${filmId} FOR UPDATE`;
        locked();
        await released;
      },
      { timeout: 30_000 },
    );
    await isLocked;
    const clock = () => new Date(Date.now() + 3_600_000);
    // A lease far longer than a stall of a busy machine between renewals; the checks span more than one.
    const a = createJobRunner({ id: 'live-a', now: clock, leaseMs: 5_000, renewMs: 200 }).runDueJobs();
    while ((await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).lockedBy !== 'live-a') await wait(50);
    for (let i = 0; i < 4; i++) {
      await wait(2_000);
      expect(await createJobRunner({ id: 'other-b', now: clock, leaseMs: 5_000 }).runDueJobs()).toEqual([]);
    }
    release();
    await blocker;
    expect(await a).toEqual([{ id: job.id, outcome: 'done' }]);
    expect(await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      state: 'done',
      lockedBy: 'live-a',
      attempts: 1,
    });
    expect(await publishCount(filmId)).toBe(1);
  });

  it('resumes its own job after the database connection was cut mid-run, as the same attempt, before its lease runs out', async () => {
    const slug = await newFilm();
    const job = await schedulePublish({ slug, revision: 1, at: soon(), actor: editor });
    const { id: filmId } = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const row = () => direct.scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    // The runner reaches PostgreSQL through a TCP proxy (closing it is the outage); the test does not.
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.port = String(proxy.port);
    const globalForDb = globalThis as unknown as { prisma?: ReturnType<typeof db> };
    const direct = db();
    const proxied = createDbClient(viaProxy.toString());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The film's row is locked, so the runner claims the job and waits inside its publish when the cut comes.
    const blocker = direct.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Film" WHERE id = ${filmId} FOR UPDATE`;
      locked();
      await released;
    });
    await isLocked;
    globalForDb.prisma = proxied;
    try {
      const runner = createJobRunner({ id: 'cut-off', now: later() });
      const first = runner.runDueJobs();
      while ((await row()).lockedBy !== 'cut-off') await new Promise((resolve) => setTimeout(resolve, 50));
      await proxy.close();
      await expect(first).rejects.toThrow();
      release();
      await blocker;
      await proxy.open();
      expect(await row()).toMatchObject({ state: 'running', lockedBy: 'cut-off', attempts: 1 });
      // Its lease is fresh: another runner leaves it alone, its own runner resumes it.
      expect(await createJobRunner({ id: 'bystander', now: later() }).runDueJobs()).toEqual([]);
      expect(await runner.runDueJobs()).toEqual([{ id: job.id, outcome: 'done' }]);
    } finally {
      release();
      globalForDb.prisma = direct;
      await proxy.close();
      await proxied.$disconnect().catch(() => {});
    }
    expect(await row()).toMatchObject({ state: 'done', lockedBy: 'cut-off', attempts: 1 });
    expect(await publishCount(filmId)).toBe(1);
  });

  it('rolls back the publish of a runner that lost its job to a takeover, so the job still runs once', async () => {
    const slug = await newFilm();
    const job = await schedulePublish({ slug, revision: 1, at: soon(), actor: editor });
    const { id: filmId } = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    const holder = async (id: string) => (await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).lockedBy === id;
    const until = async (done: () => Promise<boolean>) => {
      while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 50));
    };

    // Someone holds the film's row lock: runner A claims the job and waits on it inside its publish…
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Film" WHERE id = ${filmId} FOR UPDATE`;
      locked();
      await released;
    });
    await isLocked;
    const a = createJobRunner({ id: 'slow-a', now: later() }).runDueJobs();
    await until(() => holder('slow-a'));
    // …until B, whose clock says A's lock is stale, takes the job over (and waits on the film too).
    const b = createJobRunner({ id: 'taker-b', now: later(3_600_000 + 10 * 60_000), leaseMs: 5 * 60_000 }).runDueJobs();
    await until(() => holder('taker-b'));
    release();
    await blocker;

    expect(await a).toEqual([{ id: job.id, outcome: 'lost' }]);
    expect(await b).toEqual([{ id: job.id, outcome: 'done' }]);
    expect(await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      state: 'done',
      lockedBy: 'taker-b',
      attempts: 2,
    });
    expect(await publishCount(filmId)).toBe(1);
  });

  it('fails a job whose creator was disabled, without retrying or publishing', async () => {
    const writer = await makeActor('EDITOR');
    const slug = await newFilm();
    const job = await schedulePublish({ slug, revision: 1, at: soon(), actor: writer });
    await db().user.update({ where: { id: writer.userId }, data: { disabled: true } });
    expect(await createJobRunner({ now: later(), maxAttempts: 5 }).runDueJobs()).toMatchObject([{ id: job.id, outcome: 'failed' }]);
    const row = await db().scheduledJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row.lastError).toContain('disabled');
    expect(await publishCount(row.filmId)).toBe(0);
  });

  it('runs a scheduled unpublish as its creator', async () => {
    const slug = await newFilm();
    await publishFilm({ slug, revision: 1, actor: admin });
    const job = await scheduleUnpublish({ slug, at: soon(), actor: editor });
    expect(await createJobRunner({ now: later() }).runDueJobs()).toEqual([{ id: job.id, outcome: 'done' }]);
    const film = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true, published: true } });
    expect(film.published).toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({ where: { filmId: film.id, action: 'film.unpublish' } });
    expect(audit.actorId).toBe(editor.userId);
  });
});
