import 'server-only';
import { db } from '../db';
import { Prisma } from '../generated/prisma/client';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError, ValidationError } from '../errors';

/**
 * Cancels a job that has not started (state scheduled, or failed so it is not retried), or with
 * only `slug`, every scheduled job of that film. A job already running cannot be stopped: 409.
 * One audit row per cancelled job, in the same transaction.
 */
export async function cancelScheduledJob({
  id,
  slug,
  actor,
}: {
  id?: string;
  slug?: string;
  actor: Actor;
}): Promise<{ cancelled: string[] }> {
  assertCan(actor, 'film.publish');
  if (!id && !slug) throw ValidationError.field('id', 'Name the job (or the film) to cancel');
  return db().$transaction(async (tx) => {
    const film = slug ? await tx.film.findUnique({ where: { slug }, select: { id: true } }) : null;
    if (slug && !film) throw new NotFoundError(`No film “${slug}”`);
    // Locks the rows: a runner claiming one meanwhile skips it (SKIP LOCKED) or has it already.
    const conditions = [
      ...(id ? [Prisma.sql`j.id = ${id}`] : [Prisma.sql`j.state = 'scheduled'`]),
      ...(film ? [Prisma.sql`j."filmId" = ${film.id}`] : []),
    ];
    const jobs = await tx.$queryRaw<Array<{ id: string; state: string; filmId: string; slug: string }>>`
      SELECT j.id, j.state::text AS state, j."filmId", f.slug FROM "ScheduledJob" j JOIN "Film" f ON f.id = j."filmId"
      WHERE ${Prisma.join(conditions, ' AND ')}
      FOR UPDATE OF j`;
    if (id && jobs.length === 0) throw new NotFoundError('No such scheduled job');
    const running = jobs.find((job) => job.state === 'running');
    if (running) throw new ConflictError('The job is running: it cannot be cancelled now', { reason: 'running' });
    const done = jobs.find((job) => job.state === 'done' || job.state === 'cancelled');
    if (done) throw new ConflictError(`The job is ${done.state} already`, { reason: done.state });
    for (const job of jobs) {
      await tx.scheduledJob.update({ where: { id: job.id }, data: { state: 'cancelled', finishedAt: new Date(), lockedBy: null } });
      await writeAudit(tx, { actor, action: 'schedule.cancel', filmId: job.filmId, subject: job.slug, details: { jobId: job.id } });
    }
    return { cancelled: jobs.map((job) => job.id) };
  });
}
