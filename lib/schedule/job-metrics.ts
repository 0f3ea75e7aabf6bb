import 'server-only';
import { db } from '../db';
import type { JobsSnapshot } from '../metrics/metrics.mjs';

/**
 * What the job families of /metrics read at scrape time (cms_jobs, cms_job_lag_seconds): jobs per
 * state, and when the oldest due job became due (a scheduled job whose nextAttemptAt has passed is
 * one the runners should have claimed: its lag is how late it is).
 */
export async function readJobsSnapshot(now: Date = new Date()): Promise<JobsSnapshot> {
  const [groups, oldestDue] = await Promise.all([
    db().scheduledJob.groupBy({ by: ['state'], _count: { _all: true } }),
    db().scheduledJob.aggregate({ where: { state: 'scheduled', nextAttemptAt: { lte: now } }, _min: { nextAttemptAt: true } }),
  ]);
  return {
    counts: Object.fromEntries(groups.map((group) => [group.state, group._count._all])),
    oldestDueAt: oldestDue._min.nextAttemptAt,
  };
}
