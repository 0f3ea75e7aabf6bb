'use server';

import { guardedAction } from '../auth/guarded-action';
import { jobInputSchema, scheduleInputSchema } from './schedule-schema';
import { schedulePublish } from './schedule-publish';
import { scheduleUnpublish } from './schedule-unpublish';
import { cancelScheduledJob } from './cancel-scheduled-job';
import { retryScheduledJob } from './retry-scheduled-job';

/** The editor's scheduling actions; the editorial API's handlers call the same domain functions. */

export const scheduleAction = guardedAction('film.publish', scheduleInputSchema, async ({ slug, action, at, revision, locale }, actor) =>
  action === 'publish' ? schedulePublish({ slug, revision: revision!, at, actor, locale }) : scheduleUnpublish({ slug, at, actor, locale }),
);

export const cancelJobAction = guardedAction('film.publish', jobInputSchema, ({ id }, actor) => cancelScheduledJob({ id, actor }));

export const retryJobAction = guardedAction('job.manage', jobInputSchema, ({ id }, actor) => retryScheduledJob({ id, actor }));
