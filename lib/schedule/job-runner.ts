import 'server-only';
import { db, type Tx } from '../db';
import { Prisma } from '../generated/prisma/client';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { DomainError, ForbiddenError } from '../errors';
import { publishFilm, unpublishFilm } from '../films';
import { publishTranslation, unpublishTranslation } from '../translations/publish-translation';
import { createLeaseRunner } from '../ops/lease-runner';
import { env } from '../env';
import { isDatabaseUnavailable } from '../db-errors';

/**
 * The job runner: every instance of the app runs one (started by instrumentation.ts), and they
 * share the ScheduledJob table. No second scheduler to deploy.
 *
 * - Claiming and leases: lib/ops/lease-runner.ts (shared with the webhook runner): one UPDATE over
 *   `SELECT … FOR UPDATE SKIP LOCKED` marks due jobs running with this runner's id, so each job is
 *   claimed once.
 * - Running: publishFilm / unpublishFilm as the job's creator, whose permission is checked again
 *   now (a disabled creator fails the job). The job is marked done inside the publish's own
 *   transaction, and only if this runner still holds it: the publish commits exactly when the
 *   job is recorded done, so a job taken over from a runner that was merely slow runs once.
 * - Failing: permission errors fail at once; others are retried with exponential backoff
 *   (backoffMs, 2×, 4×, …) until maxAttempts, then the job is failed with the error.
 * - Leases: a claimed job's lock is a lease of leaseMs (JOB_LEASE_MS, 30 s), renewed every
 *   renewMs (JOB_LEASE_RENEW_MS, 10 s) by its runner while it holds the job; a lease that ran out
 *   (its runner died, kill -9 or a crashed host) is claimed again by any runner, so a restarted
 *   instance's jobs wait at most the lease, not a fixed five minutes. Stopping releases claimed
 *   jobs that have not started.
 * - Database outages: a run the database failed under (connection cut, PostgreSQL restarting) is
 *   neither a failure nor a retry with backoff: the job stays this runner's, and its next claim
 *   (the next poll, once the database answers) resumes it as the same attempt, without waiting
 *   out its lease (lib/ops/lease-runner.ts). Another runner still takes it over if this one dies
 *   meanwhile.
 */
export type JobRunnerOptions = {
  /** This runner's name in `lockedBy`; defaults to host:pid:random. */
  id?: string;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  maxAttempts?: number;
  backoffMs?: number;
  /** How long a claimed job stays this runner's without a renewal. */
  leaseMs?: number;
  /** How often the runner renews the leases of the jobs it holds (well below leaseMs). */
  renewMs?: number;
  batchSize?: number;
  pollMs?: number;
};

export type JobOutcome = { id: string; outcome: 'done' | 'retry' | 'failed' | 'lost' | 'released'; error?: string };

type ClaimedJob = {
  id: string;
  kind: 'publish' | 'unpublish';
  filmId: string;
  revisionNumber: number | null;
  /** A translation's job: its language. */
  locale: string | null;
  attempts: number;
  createdById: string;
};

/** A translation's job names its language in its audit rows. */
const translated = (job: ClaimedJob) => (job.locale !== null ? { locale: job.locale } : {});

export const JOB_DEFAULTS = { maxAttempts: 5, backoffMs: 30_000, leaseMs: 30_000, renewMs: 10_000, batchSize: 10, pollMs: 5_000 };

/** The job was taken over by another runner (this one was too slow): its work is rolled back. */
class LostJobError extends Error {}

export function createJobRunner(options: JobRunnerOptions = {}) {
  const { JOB_LEASE_MS, JOB_LEASE_RENEW_MS } = env();
  const configured = { ...(JOB_LEASE_MS ? { leaseMs: JOB_LEASE_MS } : {}), ...(JOB_LEASE_RENEW_MS ? { renewMs: JOB_LEASE_RENEW_MS } : {}) };
  const settings = { ...JOB_DEFAULTS, ...configured, ...options };
  const { maxAttempts, backoffMs } = settings;
  const runner = createLeaseRunner<ClaimedJob, JobOutcome>({
    name: 'job runner',
    queue: {
      table: 'ScheduledJob',
      waiting: 'scheduled',
      returning: Prisma.sql`j.id, j.kind::text AS kind, j."filmId", j."revisionNumber", j.locale, j.attempts, j."createdById"`,
    },
    options: settings,
    run: (job) => run(job),
    released: (job) => ({ id: job, outcome: 'released' }),
  });
  const { id, now, log } = runner;

  /** The creator as an actor, with their role as it is now. */
  async function actorOf(job: ClaimedJob): Promise<Actor> {
    const [user] = await db().$queryRaw<Array<{ id: string; email: string; role: Actor['role']; disabled: boolean }>>`
      SELECT id, email, role::text AS role, disabled FROM "User" WHERE id = ${job.createdById}`;
    if (!user) throw new ForbiddenError('The user who scheduled this job no longer exists');
    if (user.disabled) throw new ForbiddenError(`The user who scheduled this job (${user.email}) is disabled`);
    const actor: Actor = { userId: user.id, label: user.email, role: user.role, via: 'system' };
    assertCan(actor, 'film.publish');
    return actor;
  }

  async function markDone(tx: Tx, job: ClaimedJob, actor: Actor, film: { id: string; slug?: string }) {
    const finished = now();
    const updated = await tx.$executeRaw`
      UPDATE "ScheduledJob" SET state = 'done', "finishedAt" = ${finished}, "lastError" = NULL, "updatedAt" = ${finished}
      WHERE id = ${job.id} AND state = 'running' AND "lockedBy" = ${id} AND "filmId" = ${film.id}`;
    if (updated !== 1) throw new LostJobError(`job ${job.id} is no longer held by ${id}`);
    // A publish job's record is the publish's own audit row (it names the job); an unpublish of a
    // film already off the site writes none, so that job says here that it ran.
    if (job.kind === 'publish') return;
    const details = { jobId: job.id, kind: job.kind, attempt: job.attempts, ...translated(job) };
    await writeAudit(tx, { actor, action: 'schedule.run', filmId: film.id, subject: film.slug ?? '', details });
  }

  async function fail(job: ClaimedJob, error: unknown, actor: Actor | null): Promise<JobOutcome> {
    const message = (error instanceof Error ? error.message : String(error)).trim().slice(0, 2000) || 'Unknown error';
    // A language the site no longer translates into will not come back by retrying.
    const permanent =
      error instanceof DomainError && (error.status === 401 || error.status === 403 || (job.locale !== null && error.status === 404));
    const at = now();
    if (permanent || job.attempts >= maxAttempts) {
      const failed = await db().$transaction(async (tx) => {
        const count = await tx.$executeRaw`
          UPDATE "ScheduledJob" SET state = 'failed', "lastError" = ${message}, "finishedAt" = ${at}, "updatedAt" = ${at}
          WHERE id = ${job.id} AND state = 'running' AND "lockedBy" = ${id}`;
        if (count === 1) {
          const details = { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message, ...translated(job) };
          await writeAudit(tx, { actor, actorLabel: 'job runner', action: 'schedule.fail', filmId: job.filmId, details });
        }
        return count === 1;
      });
      log.warn({ job: job.id, attempts: job.attempts, err: message }, 'scheduled job failed');
      return { id: job.id, outcome: failed ? 'failed' : 'lost', error: message };
    }
    const next = new Date(at.getTime() + backoffMs * 2 ** (job.attempts - 1));
    const count = await db().$executeRaw`
      UPDATE "ScheduledJob" SET state = 'scheduled', "lastError" = ${message}, "nextAttemptAt" = ${next}, "lockedBy" = NULL, "lockedAt" = NULL, "updatedAt" = ${at}
      WHERE id = ${job.id} AND state = 'running' AND "lockedBy" = ${id}`;
    log.info({ job: job.id, attempts: job.attempts, next: next.toISOString(), err: message }, 'scheduled job will be retried');
    return { id: job.id, outcome: count === 1 ? 'retry' : 'lost', error: message };
  }

  async function run(job: ClaimedJob): Promise<JobOutcome> {
    let actor: Actor | null = null;
    try {
      actor = await actorOf(job);
      const [film] = await db().$queryRaw<Array<{ slug: string }>>`SELECT slug FROM "Film" WHERE id = ${job.filmId}`;
      if (!film) throw new LostJobError('film deleted');
      const me = actor;
      const alsoInTransaction = (tx: Tx, locked: { id: string }) => markDone(tx, job, me, { id: locked.id, slug: film.slug });
      const ran = { actor, alsoInTransaction, scheduledJobId: job.id };
      if (job.locale !== null) {
        const translation = { ...ran, slug: film.slug, locale: job.locale };
        if (job.kind === 'publish') await publishTranslation({ ...translation, revision: job.revisionNumber! });
        else await unpublishTranslation(translation);
      } else if (job.kind === 'publish') await publishFilm({ ...ran, slug: film.slug, revision: job.revisionNumber! });
      else await unpublishFilm({ ...ran, slug: film.slug });
      return { id: job.id, outcome: 'done' };
    } catch (error) {
      if (error instanceof LostJobError) return { id: job.id, outcome: 'lost' };
      // Not the job's fault: it stays held, and the next poll resumes it once the database answers.
      if (isDatabaseUnavailable(error)) throw error;
      return fail(job, error, actor);
    }
  }

  return {
    id,
    /** Claims and runs every due job, batch after batch, until none is due (or the runner stops). */
    runDueJobs: runner.runDue,
    /** Polls every pollMs. */
    start: runner.start,
    /** Stops polling and waits for the job in hand; claimed jobs not started go back to the queue. */
    stop: runner.stop,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
