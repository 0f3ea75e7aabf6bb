import { apiOperation } from '@/lib/api/api-handler';
import { scheduleOperations } from '@/lib/api/operations/schedule';
import { retryScheduledJob } from '@/lib/schedule/retry-scheduled-job';

/** Puts a failed job back in the queue, to run now (admins). */
export const POST = apiOperation(scheduleOperations.retryJob, 'job.manage', async ({ actor, params: { id } }) => {
  return retryScheduledJob({ id, actor });
});
