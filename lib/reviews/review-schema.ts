import { z } from 'zod';
import { revisionNumberSchema } from '../films/film-schema';
import { slugSchema } from '../content/schema';
import { scheduleAtSchema } from '../schedule/schedule-schema';
import { localeTagSchema as localeSchema } from '../i18n/locale-tag';

/**
 * One schema module for review requests: the editor's server actions, the editorial
 * API's route handlers and the OpenAPI document read the same shapes. Client-safe.
 */
export const REVIEW_STATES = ['pending', 'changes_requested', 'approved', 'withdrawn'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  withdrawn: 'Withdrawn',
};

export const reviewNoteSchema = z.string().trim().max(1000, 'Use at most 1000 characters');
export const reviewIdSchema = z.string().regex(/^[a-z0-9]{1,40}$/, 'Not a review id');

/** Submit: the revision defaults to the latest one (the one the writer sees). */
export const submitReviewBodySchema = z
  .object({
    locale: localeSchema.optional().meta({ description: 'A translation’s revision (its language, as `fr`) instead of the page’s' }),
    revision: revisionNumberSchema.optional().meta({ description: 'Defaults to the latest revision (of the page, or of the translation)' }),
    note: reviewNoteSchema.default('').meta({ description: 'An optional note to the reviewer' }),
  })
  .meta({
    description:
      'The revision to review and a note (request bodies with defaults stay inline: see presenceBodySchema in lib/films/film-schema.ts)',
  });

export const submitReviewInputSchema = submitReviewBodySchema.extend({ slug: slugSchema });

export const decideReviewBodySchema = z
  .discriminatedUnion('decision', [
    z.object({
      decision: z.literal('approve'),
      comment: reviewNoteSchema.default(''),
      publishAt: scheduleAtSchema.optional().meta({
        description: 'Schedule the publish for this time (ISO 8601 with offset, in the future, within a year) instead of publishing now',
      }),
    }),
    z.object({ decision: z.literal('request_changes'), comment: reviewNoteSchema.pipe(z.string().min(1, 'Say what should change')) }),
  ])
  .meta({
    description: 'approve publishes the named revision now, or at `publishAt`; request_changes needs a comment',
  });

export const decideReviewInputSchema = z.intersection(z.object({ reviewId: reviewIdSchema }), decideReviewBodySchema);

export const reviewParamsSchema = z.object({ id: reviewIdSchema });

export const listReviewsQuerySchema = z.object({
  state: z.enum(REVIEW_STATES).optional(),
  film: slugSchema.optional().meta({ description: 'Only this film (its slug)' }),
});

export type SubmitReviewInput = z.input<typeof submitReviewInputSchema>;
export type DecideReviewInput = z.input<typeof decideReviewInputSchema>;
