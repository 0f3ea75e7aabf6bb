import { z } from 'zod';
import { slugSchema } from '../content/schema';
import { revisionNumberSchema } from '../films/film-schema';
import { localeTagSchema } from '../i18n/locale-tag';
import { localeName } from '../i18n/locale-name';

/**
 * Scheduled publishing: what a request may carry, for the editor's actions
 * (lib/schedule/schedule-actions.ts), the editorial API (app/api/v1/editor/…/schedule, …/jobs) and
 * the OpenAPI document. Client-safe: the job's shape as the editor shows it is here too.
 */
export const JOB_KINDS = ['publish', 'unpublish'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ['scheduled', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Jobs further ahead than this are refused: a typo in the year should not park a publish for decades. */
export const MAX_SCHEDULE_AHEAD_DAYS = 366;

export const jobIdSchema = z.string().regex(/^[a-z0-9]{20,40}$/, 'Must be a job id');

/** A time with its offset (ISO 8601), e.g. 2026-12-24T18:00:00+01:00 or …Z. */
export const scheduleAtSchema = z.iso
  .datetime({ offset: true, error: 'Must be a date and time with its offset, e.g. 2026-12-24T18:00:00Z' })
  .meta({ description: 'When to run, ISO 8601 with offset; must be in the future (within a year)' });

const translationLocaleField = localeTagSchema.optional().meta({
  description:
    'A language the site translates into: the job publishes `revision` of that translation, or takes it off the site. Without it, the page itself',
});

export const scheduleBodySchema = z
  .object({
    action: z.enum(JOB_KINDS).meta({ description: 'publish: make `revision` live at `at`; unpublish: take the film off the site at `at`' }),
    at: scheduleAtSchema,
    revision: revisionNumberSchema
      .optional()
      .meta({ description: 'Required for publish: the revision to publish (a later save does not change it)' }),
    locale: translationLocaleField,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'publish' && body.revision === undefined)
      ctx.addIssue({ code: 'custom', path: ['revision'], message: 'Required to schedule a publish' });
  })
  .meta({ id: 'ScheduleBody' });

export const cancelScheduleQuerySchema = z.object({
  id: jobIdSchema.optional().meta({ description: 'Cancel this job only; without it, every scheduled job of the film' }),
});

export const listJobsQuerySchema = z.object({
  state: z.enum(JOB_STATES).optional(),
});

// ---------------------------------------------------------------- server-action inputs

export const scheduleInputSchema = z
  .object({
    slug: slugSchema,
    action: z.enum(JOB_KINDS),
    at: scheduleAtSchema,
    revision: revisionNumberSchema.optional(),
    locale: translationLocaleField,
  })
  .superRefine((body, ctx) => {
    if (body.action === 'publish' && body.revision === undefined)
      ctx.addIssue({ code: 'custom', path: ['revision'], message: 'Required to schedule a publish' });
  });
export const jobInputSchema = z.object({ id: jobIdSchema });

// ---------------------------------------------------------------- what the editor shows

/** One job as lists show it (times as ISO strings: rendered in the editor's zone on the client). */
export type ScheduledJobView = {
  id: string;
  kind: JobKind;
  state: JobState;
  filmId: string;
  filmSlug: string;
  filmTitle: string;
  revision: number | null;
  /** The translation the job publishes or takes down; null for the page. */
  locale: string | null;
  runAt: string;
  nextAttemptAt: string;
  attempts: number;
  lastError: string | null;
  createdBy: string;
  lockedBy: string | null;
  finishedAt: string | null;
  createdAt: string;
};

/** What a job does, for people: "Publishes revision 3", "Unpublishes", "Publishes the French translation’s revision 2". */
export function describeJob(job: Pick<ScheduledJobView, 'kind' | 'revision' | 'locale'>): string {
  if (job.locale === null) return job.kind === 'publish' ? `Publishes revision ${job.revision}` : 'Unpublishes';
  const translation = `the ${localeName(job.locale)} translation`;
  return job.kind === 'publish' ? `Publishes ${translation}’s revision ${job.revision}` : `Takes ${translation} off the site`;
}
