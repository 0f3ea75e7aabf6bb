import { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { slugParamsSchema } from '../../films/film-schema';
import { cancelScheduleQuerySchema, jobIdSchema, listJobsQuerySchema, scheduleBodySchema } from '../../schedule/schedule-schema';
import { cancelledJobsSchema, jobListSchema, scheduledJobSchema } from '../schemas/schedule-api';
import { errors, json } from './responses';
import { errorBodySchema } from '../schemas/common-api';

const security: Array<Record<string, string[]>> = [{ session: [] }, { bearer: [] }];
const tags = ['Scheduling'];
const schedule = '/api/v1/editor/films/{slug}/schedule';
const conflict = json('The job is running or finished already', errorBodySchema);

/** Scheduled publishing: jobs run by the job runner of every instance. */
export function registerSchedulePaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: schedule,
    tags,
    security,
    summary: "The film's scheduled jobs",
    request: { params: slugParamsSchema },
    responses: {
      200: json('Pending jobs first, then finished ones', jobListSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'post',
    path: schedule,
    tags,
    security,
    summary: 'Schedule a publish or an unpublish',
    description:
      'Runs at `at` as the caller, whose permission to publish is checked again then. A publish names its revision: a later save does not change it.',
    request: { params: slugParamsSchema, body: { required: true, content: { 'application/json': { schema: scheduleBodySchema } } } },
    responses: { 201: json('Scheduled', scheduledJobSchema), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
  });
  registry.registerPath({
    method: 'delete',
    path: schedule,
    tags,
    security,
    summary: 'Cancel scheduled jobs',
    description: 'The job `id`, or every scheduled job of the film. A running job cannot be cancelled (409).',
    request: { params: slugParamsSchema, query: cancelScheduleQuerySchema },
    responses: {
      200: json('The cancelled jobs', cancelledJobsSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: conflict,
    },
  });
  registry.registerPath({
    method: 'get',
    path: '/api/v1/editor/jobs',
    tags,
    security,
    summary: "Every film's scheduled jobs (admins)",
    request: { query: listJobsQuerySchema },
    responses: { 200: json('Pending jobs first, then finished ones', jobListSchema), 400: errors[400], 401: errors[401], 403: errors[403] },
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/editor/jobs/{id}/retry',
    tags,
    security,
    summary: 'Retry a failed job now (admins)',
    request: { params: z.object({ id: jobIdSchema }) },
    responses: {
      200: json('Back in the queue', scheduledJobSchema),
      400: errors[400],
      401: errors[401],
      403: errors[403],
      404: errors[404],
      409: conflict,
    },
  });
}
