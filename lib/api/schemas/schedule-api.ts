import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { JOB_KINDS, JOB_STATES, jobIdSchema } from '../../schedule/schedule-schema';
import { listSchema } from '../list';

/** Response shapes of the scheduling endpoints (app/api/v1/editor/…/schedule, …/jobs). */
export const scheduledJobSchema = z
  .object({
    id: jobIdSchema,
    kind: z.enum(JOB_KINDS),
    state: z
      .enum(JOB_STATES)
      .meta({ description: 'scheduled → running → done; failed after the last attempt (lastError says why); cancelled' }),
    filmSlug: slugSchema,
    filmTitle: z.string(),
    revision: z.int().nullable().meta({ description: 'The revision a publish makes live; null for unpublish' }),
    locale: z
      .string()
      .nullable()
      .meta({ description: 'The translation (its language) the job publishes or takes down; null for the page' }),
    runAt: z.iso.datetime(),
    nextAttemptAt: z.iso.datetime().meta({ description: 'runAt, or when a failed attempt is tried again' }),
    attempts: z.int(),
    lastError: z.string().nullable(),
    createdBy: z.string().meta({ description: 'The user it runs as (their permission is checked again when it runs)' }),
    finishedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ScheduledJob' });

export const jobListSchema = listSchema(scheduledJobSchema, 'ScheduledJobList', 'One page of jobs');
export const cancelledJobsSchema = z.object({ cancelled: z.array(jobIdSchema) }).meta({ id: 'CancelledJobs' });
