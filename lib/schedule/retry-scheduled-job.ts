import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError } from '../errors';
import { jobViewSelect, toJobView } from './job-view';

/** Puts a failed job back in the queue to run now, with its attempts counted afresh (admins). */
export async function retryScheduledJob({ id, actor }: { id: string; actor: Actor }) {
  assertCan(actor, 'job.manage');
  return db().$transaction(async (tx) => {
    const [job] = await tx.$queryRaw<Array<{ state: string }>>`SELECT state::text AS state FROM "ScheduledJob" WHERE id = ${id} FOR UPDATE`;
    if (!job) throw new NotFoundError('No such scheduled job');
    if (job.state !== 'failed')
      throw new ConflictError(`Only a failed job can be retried; this one is ${job.state}`, { reason: job.state });
    const now = new Date();
    const updated = await tx.scheduledJob.update({
      where: { id },
      data: { state: 'scheduled', attempts: 0, nextAttemptAt: now, finishedAt: null, lockedBy: null, lockedAt: null },
      select: jobViewSelect,
    });
    await writeAudit(tx, { actor, action: 'schedule.retry', filmId: updated.filmId, subject: updated.film.slug, details: { jobId: id } });
    return toJobView(updated);
  });
}
