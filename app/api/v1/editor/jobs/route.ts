import { apiHandler } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { listJobsQuerySchema } from '@/lib/schedule/schedule-schema';
import { listScheduledJobs } from '@/lib/schedule/list-scheduled-jobs';

/** Every film's scheduled jobs (admins): due, running, done, failed with the error. */
export const GET = apiHandler('job.manage', async ({ request, actor }) => {
  const { state } = parseInput(listJobsQuerySchema, queryOf(request));
  return { jobs: await listScheduledJobs({ actor, state }) };
});
