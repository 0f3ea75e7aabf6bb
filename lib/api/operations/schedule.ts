import { z } from 'zod';
import { operations } from '../operation';
import { slugParamsSchema } from '../../films/film-schema';
import { cancelScheduleQuerySchema, jobIdSchema, scheduleBodySchema } from '../../schedule/schedule-schema';
import { filmJobListQuerySchema, jobListQuerySchema } from '../schemas/list-queries';
import { cancelledJobsSchema, jobListSchema, scheduledJobSchema } from '../schemas/schedule-api';
import { conflict as conflictProblem, json } from './responses';

const schedule = '/api/v1/editor/films/{slug}/schedule';
const conflict = conflictProblem('The job is running or finished already', {
  reason: z.string().meta({ description: 'Why: `running`, or the state the job is in' }),
});

/** Scheduled publishing: jobs run by the job runner of every instance. */
export const scheduleOperations = operations(['Scheduling'], {
  listFilmJobs: {
    method: 'get',
    path: schedule,
    summary: "The film's scheduled jobs",
    params: slugParamsSchema,
    query: filmJobListQuerySchema,
    responses: {
      200: json('Pending jobs first, then finished ones', jobListSchema),
    },
  },
  scheduleJob: {
    method: 'post',
    path: schedule,
    summary: 'Schedule a publish or an unpublish',
    description:
      'Runs at `at` as the caller, whose permission to publish is checked again then. A publish names its revision: a later save does not change it.',
    params: slugParamsSchema,
    body: scheduleBodySchema,
    responses: { 201: json('Scheduled', scheduledJobSchema) },
  },
  cancelJobs: {
    method: 'delete',
    path: schedule,
    summary: 'Cancel scheduled jobs',
    description: 'The job `id`, or every scheduled job of the film. A running job cannot be cancelled (409).',
    params: slugParamsSchema,
    query: cancelScheduleQuerySchema,
    responses: {
      200: json('The cancelled jobs', cancelledJobsSchema),
      409: conflict,
    },
  },
  listJobs: {
    method: 'get',
    path: '/api/v1/editor/jobs',
    summary: "Every film's scheduled jobs (admins)",
    query: jobListQuerySchema,
    responses: { 200: json('Pending jobs first, then finished ones', jobListSchema) },
  },
  retryJob: {
    method: 'post',
    path: '/api/v1/editor/jobs/{id}/retry',
    summary: 'Retry a failed job now (admins)',
    params: z.object({ id: jobIdSchema }),
    responses: {
      200: json('Back in the queue', scheduledJobSchema),
      409: conflict,
    },
  },
});
