import { NextResponse } from 'next/server';
import { apiOperation } from '@/lib/api/api-handler';
import { scheduleOperations } from '@/lib/api/operations/schedule';
import { pageOf } from '@/lib/api/list';
import { schedulePublish } from '@/lib/schedule/schedule-publish';
import { scheduleUnpublish } from '@/lib/schedule/schedule-unpublish';
import { cancelScheduledJob } from '@/lib/schedule/cancel-scheduled-job';
import { listScheduledJobs } from '@/lib/schedule/list-scheduled-jobs';

/** The film's jobs, a page at a time: pending ones first, then what ran. */
export const GET = apiOperation(scheduleOperations.listFilmJobs, 'film.read', async ({ actor, params: { slug }, query }) => {
  return pageOf(await listScheduledJobs({ actor, slug }), query);
});

/** Schedules a publish of `revision` (or an unpublish) at `at`, of the page or of its translation into `locale`. */
export const POST = apiOperation(
  scheduleOperations.scheduleJob,
  'film.publish',
  async ({ actor, params: { slug }, body: { action, at, revision, locale } }) => {
    const job =
      action === 'publish'
        ? await schedulePublish({ slug, revision: revision!, at, actor, locale })
        : await scheduleUnpublish({ slug, at, actor, locale });
    return NextResponse.json(job, { status: 201 });
  },
);

/** Cancels the job `?id=`, or every scheduled job of the film. */
export const DELETE = apiOperation(scheduleOperations.cancelJobs, 'film.publish', async ({ actor, params: { slug }, query: { id } }) => {
  return cancelScheduledJob({ slug, id, actor });
});
