import { NextResponse } from 'next/server';
import { apiHandler, readJson } from '@/lib/api/api-handler';
import { parseInput, queryOf } from '@/lib/api/parse-input';
import { slugParamsSchema } from '@/lib/films/film-schema';
import { cancelScheduleQuerySchema, scheduleBodySchema } from '@/lib/schedule/schedule-schema';
import { schedulePublish } from '@/lib/schedule/schedule-publish';
import { scheduleUnpublish } from '@/lib/schedule/schedule-unpublish';
import { cancelScheduledJob } from '@/lib/schedule/cancel-scheduled-job';
import { listScheduledJobs } from '@/lib/schedule/list-scheduled-jobs';

/** The film's jobs: pending ones first, then what ran. */
export const GET = apiHandler<{ slug: string }>('film.read', async ({ params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  return { jobs: await listScheduledJobs({ actor, slug }) };
});

/** Schedules a publish of `revision` (or an unpublish) at `at`. */
export const POST = apiHandler<{ slug: string }>('film.publish', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { action, at, revision } = parseInput(scheduleBodySchema, await readJson(request));
  const job =
    action === 'publish' ? await schedulePublish({ slug, revision: revision!, at, actor }) : await scheduleUnpublish({ slug, at, actor });
  return NextResponse.json(job, { status: 201 });
});

/** Cancels the job `?id=`, or every scheduled job of the film. */
export const DELETE = apiHandler<{ slug: string }>('film.publish', async ({ request, params, actor }) => {
  const { slug } = parseInput(slugParamsSchema, params);
  const { id } = parseInput(cancelScheduleQuerySchema, queryOf(request));
  return cancelScheduledJob({ slug, id, actor });
});
