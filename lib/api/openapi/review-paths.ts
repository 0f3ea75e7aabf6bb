import type { z } from 'zod';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { filmCommentListSchema, filmCommentSchema, reviewChangeSchema, reviewDetailSchema, reviewListSchema } from '../schemas/review-api';
import { slugParamsSchema } from '../../films/film-schema';
import { decideReviewBodySchema, listReviewsQuerySchema, reviewParamsSchema, submitReviewBodySchema } from '../../reviews/review-schema';
import { addCommentBodySchema, commentParamsSchema, listCommentsQuerySchema, updateCommentBodySchema } from '../../comments/comment-schema';
import { errorBodySchema } from '../schemas/common-api';
import { errors, json } from './responses';

const security: Array<Record<string, string[]>> = [{ session: [] }, { bearer: [] }];
const tags = ['Editorial'];
const body = (schema: z.ZodType, required = true) => ({ required, content: { 'application/json': { schema } } });
const film = '/api/v1/editor/films/{slug}';
const reviews = '/api/v1/editor/reviews';
const conflict = json('The request is no longer pending, or the revision is already published', errorBodySchema);
const denied = { 400: errors[400], 401: errors[401], 403: errors[403] };

/** The review workflow and editorial comments. */
export function registerReviewPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: reviews,
    tags,
    security,
    summary: 'The review queue',
    description: 'Pending requests first (oldest waiting first), then decided ones, newest first.',
    request: { query: listReviewsQuerySchema },
    responses: { 200: json('Review requests', reviewListSchema), ...denied },
  });
  registry.registerPath({
    method: 'get',
    path: `${reviews}/{id}`,
    tags,
    security,
    summary: 'One review request with its diff',
    request: { params: reviewParamsSchema },
    responses: {
      200: json('The request and what it would change, spoiler flags included', reviewDetailSchema),
      ...denied,
      404: errors[404],
    },
  });
  registry.registerPath({
    method: 'post',
    path: `${reviews}/{id}/decision`,
    tags,
    security,
    summary: 'Approve or request changes',
    description:
      'Reviewers (editor, admin). `approve` publishes the revision the request names, in the same transaction, even if newer revisions were saved since; ' +
      'with `publishAt` it schedules that publish instead (the approval and the job in one transaction: a refused time leaves the request pending); ' +
      '`request_changes` sends it back with a comment (required). A request that is no longer pending is a 409.',
    request: { params: reviewParamsSchema, body: body(decideReviewBodySchema) },
    responses: { 200: json('Decided', reviewChangeSchema), ...denied, 404: errors[404], 409: conflict },
  });
  registry.registerPath({
    method: 'get',
    path: `${film}/reviews`,
    tags,
    security,
    summary: "The film's review requests",
    request: { params: slugParamsSchema },
    responses: { 200: json('Review requests of the film', reviewListSchema), ...denied, 404: errors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: `${film}/reviews`,
    tags,
    security,
    summary: 'Submit a revision for review',
    description:
      'Writers submit instead of publishing. Names the revision (the latest by default); a pending request of the film is withdrawn. The published revision is a 409.',
    request: { params: slugParamsSchema, body: body(submitReviewBodySchema, false) },
    responses: { 201: json('Pending review', reviewChangeSchema), ...denied, 404: errors[404], 409: conflict },
  });
  registry.registerPath({
    method: 'get',
    path: `${film}/comments`,
    tags,
    security,
    summary: 'Editorial comments',
    description: 'Never shown to readers.',
    request: { params: slugParamsSchema, query: listCommentsQuerySchema },
    responses: { 200: json('Comments, oldest first', filmCommentListSchema), ...denied, 404: errors[404] },
  });
  registry.registerPath({
    method: 'post',
    path: `${film}/comments`,
    tags,
    security,
    summary: 'Comment on a revision or an item',
    request: { params: slugParamsSchema, body: body(addCommentBodySchema) },
    responses: { 201: json('The comment', filmCommentSchema), ...denied, 404: errors[404] },
  });
  registry.registerPath({
    method: 'patch',
    path: `${film}/comments/{id}`,
    tags,
    security,
    summary: 'Resolve or reopen a comment',
    request: { params: commentParamsSchema, body: body(updateCommentBodySchema) },
    responses: { 200: json('The comment', filmCommentSchema), ...denied, 404: errors[404] },
  });
  registry.registerPath({
    method: 'delete',
    path: `${film}/comments/{id}`,
    tags,
    security,
    summary: 'Delete a comment',
    description: 'Its author or a reviewer.',
    request: { params: commentParamsSchema },
    responses: { 204: { description: 'Deleted' }, ...denied, 404: errors[404] },
  });
}
