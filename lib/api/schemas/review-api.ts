import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { revisionNumberSchema } from '../../films/film-schema';
import { REVIEW_STATES } from '../../reviews/review-schema';
import { isoDateTime } from './common-api';
import { filmDiffApiSchema } from './film-api';
import { listSchema } from '../list';
import { translationComparisonSchema } from '../../translations/translation-schema';

/** The review workflow's and comments' API responses; requests are in lib/reviews and lib/comments. */
export const reviewStateSchema = z.enum(REVIEW_STATES).meta({ id: 'ReviewState' });

export const reviewChangeSchema = z
  .object({
    id: z.string(),
    slug: slugSchema,
    locale: z.string().optional().meta({ description: 'The translation the request is for; absent for the page' }),
    revision: revisionNumberSchema,
    state: reviewStateSchema,
    scheduledJob: z
      .object({ id: z.string(), runAt: isoDateTime })
      .optional()
      .meta({ description: 'Approved with `publishAt`: the scheduled publish (see /api/v1/editor/jobs)' }),
  })
  .meta({ id: 'ReviewChange', description: 'The request after the change; approve names the revision it published or scheduled' });

export const reviewSummarySchema = z
  .object({
    id: z.string(),
    slug: slugSchema,
    title: z.string(),
    locale: z.string().nullable().meta({ description: 'The translation under review (its language, as `fr`), or null for the page' }),
    revision: revisionNumberSchema.meta({
      description: 'The revision under review (of the page, or of the translation `locale` names): approval publishes exactly this one',
    }),
    state: reviewStateSchema,
    note: z.string(),
    decisionComment: z.string(),
    submittedBy: z.string().nullable(),
    decidedBy: z.string().nullable(),
    createdAt: isoDateTime,
    decidedAt: isoDateTime.nullable(),
    publishedRevision: revisionNumberSchema.nullable().meta({ description: 'What readers get now (of the page, or of that translation)' }),
    latestRevision: revisionNumberSchema,
  })
  .meta({ id: 'ReviewSummary' });

export const reviewListSchema = listSchema(reviewSummarySchema, 'ReviewList', 'One page of review requests');

export const reviewDetailSchema = reviewSummarySchema
  .extend({
    diff: filmDiffApiSchema.meta({
      description: 'From the published revision (or an empty page) to the reviewed one; empty for a translation’s review',
    }),
    translation: translationComparisonSchema
      .nullable()
      .meta({ description: 'A translation’s review: its texts against the published translation’s (`from` 0: none published)' }),
    emptyParts: z
      .array(z.string())
      .meta({ description: 'Parts of the reviewed revision with nothing in them ("Timeline"): readers are not shown them' }),
  })
  .meta({ id: 'ReviewDetail' });

export const filmCommentSchema = z
  .object({
    id: z.string(),
    revision: revisionNumberSchema,
    itemKey: z.string(),
    body: z.string(),
    author: z.string().nullable(),
    createdAt: isoDateTime,
    resolved: z.boolean(),
    resolvedAt: isoDateTime.nullable(),
    resolvedBy: z.string().nullable(),
  })
  .meta({ id: 'FilmComment' });

export const filmCommentListSchema = listSchema(filmCommentSchema, 'FilmCommentList', 'One page of comments');
