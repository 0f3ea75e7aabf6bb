import { z } from 'zod';
import { slugSchema } from '../../content/schema';
import { revisionNumberSchema } from '../../films/film-schema';
import { REVIEW_STATES } from '../../reviews/review-schema';
import { isoDateTime } from './common-api';
import { filmDiffApiSchema } from './film-api';
import { listSchema } from '../list';

/** The review workflow's and comments' API responses; requests are in lib/reviews and lib/comments. */
export const reviewStateSchema = z.enum(REVIEW_STATES).meta({ id: 'ReviewState' });

export const reviewChangeSchema = z
  .object({
    id: z.string(),
    slug: slugSchema,
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
    revision: revisionNumberSchema.meta({ description: 'The revision under review: approval publishes exactly this one' }),
    state: reviewStateSchema,
    note: z.string(),
    decisionComment: z.string(),
    submittedBy: z.string().nullable(),
    decidedBy: z.string().nullable(),
    createdAt: isoDateTime,
    decidedAt: isoDateTime.nullable(),
    publishedRevision: revisionNumberSchema.nullable(),
    latestRevision: revisionNumberSchema,
  })
  .meta({ id: 'ReviewSummary' });

export const reviewListSchema = listSchema(reviewSummarySchema, 'ReviewList', 'One page of review requests');

export const reviewDetailSchema = reviewSummarySchema
  .extend({
    diff: filmDiffApiSchema.meta({ description: 'From the published revision (or an empty page) to the reviewed one' }),
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
