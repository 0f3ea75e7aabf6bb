import { apiOperation } from '@/lib/api/api-handler';
import { scheduleOperations } from '@/lib/api/operations/schedule';
import { pageOf } from '@/lib/api/list';
import { listScheduledJobs } from '@/lib/schedule/list-scheduled-jobs';

/** Every film's scheduled jobs (admins): due, running, done, failed with the error. */
export const GET = apiOperation(scheduleOperations.listJobs, 'job.manage', async ({ actor, query }) => {
  return pageOf(await listScheduledJobs({ actor, state: query.state }), query);
});
