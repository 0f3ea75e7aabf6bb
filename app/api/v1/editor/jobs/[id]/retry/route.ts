import { z } from 'zod';
import { apiHandler } from '@/lib/api/api-handler';
import { parseInput } from '@/lib/api/parse-input';
import { jobIdSchema } from '@/lib/schedule/schedule-schema';
import { retryScheduledJob } from '@/lib/schedule/retry-scheduled-job';

/** Puts a failed job back in the queue, to run now (admins). */
export const POST = apiHandler<{ id: string }>('job.manage', async ({ params, actor }) => {
  const { id } = parseInput(z.object({ id: jobIdSchema }), params);
  return retryScheduledJob({ id, actor });
});
