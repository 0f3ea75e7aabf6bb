import { operations } from '../operation';
import { filmCommentListSchema, filmCommentSchema, reviewChangeSchema, reviewDetailSchema, reviewListSchema } from '../schemas/review-api';
import { slugParamsSchema } from '../../films/film-schema';
import { decideReviewBodySchema, reviewParamsSchema, submitReviewBodySchema } from '../../reviews/review-schema';
import { addCommentBodySchema, commentParamsSchema, updateCommentBodySchema } from '../../comments/comment-schema';
import { z } from 'zod';
import { filmReviewListQuerySchema, reviewListQuerySchema, commentListQuerySchema } from '../schemas/list-queries';
import { conflict as conflictProblem, json } from './responses';

const film = '/api/v1/editor/films/{slug}';
const reviews = '/api/v1/editor/reviews';
const conflict = conflictProblem(
  'The request is no longer pending (`state` says what it is), or the revision is already published (`revision`)',
  {
    state: z.string().optional().meta({ description: 'The review request’s state now' }),
    revision: z.int().optional().meta({ description: 'The revision that is already published' }),
  },
);

/** The review workflow and editorial comments. */
export const reviewOperations = operations(['Editorial'], {
  listReviews: {
    method: 'get',
    path: reviews,
    summary: 'The review queue',
    description: 'Pending requests first (oldest waiting first), then decided ones, newest first.',
    query: reviewListQuerySchema,
    responses: { 200: json('Review requests', reviewListSchema) },
  },
  getReview: {
    method: 'get',
    path: `${reviews}/{id}`,
    summary: 'One review request with its diff',
    params: reviewParamsSchema,
    responses: {
      200: json('The request and what it would change, spoiler flags included', reviewDetailSchema),
    },
  },
  decideReview: {
    method: 'post',
    path: `${reviews}/{id}/decision`,
    summary: 'Approve or request changes',
    description:
      'Reviewers (editor, admin). `approve` publishes the revision the request names, in the same transaction, even if newer revisions were saved since; ' +
      'with `publishAt` it schedules that publish instead (the approval and the job in one transaction: a refused time leaves the request pending); ' +
      '`request_changes` sends it back with a comment (required). A request that is no longer pending is a 409.',
    params: reviewParamsSchema,
    body: decideReviewBodySchema,
    responses: { 200: json('Decided', reviewChangeSchema), 409: conflict },
  },
  listFilmReviews: {
    method: 'get',
    path: `${film}/reviews`,
    summary: "The film's review requests",
    params: slugParamsSchema,
    query: filmReviewListQuerySchema,
    responses: { 200: json('Review requests of the film', reviewListSchema) },
  },
  submitForReview: {
    method: 'post',
    path: `${film}/reviews`,
    summary: 'Submit a revision for review',
    description:
      'Writers submit instead of publishing. Names the revision (the latest by default); a pending request of the film is withdrawn. The published revision is a 409.',
    params: slugParamsSchema,
    body: submitReviewBodySchema,
    bodyOptional: true,
    responses: { 201: json('Pending review', reviewChangeSchema), 409: conflict },
  },
  listComments: {
    method: 'get',
    path: `${film}/comments`,
    summary: 'Editorial comments',
    description: 'Never shown to readers.',
    params: slugParamsSchema,
    query: commentListQuerySchema,
    responses: { 200: json('Comments, oldest first', filmCommentListSchema) },
  },
  addComment: {
    method: 'post',
    path: `${film}/comments`,
    summary: 'Comment on a revision or an item',
    params: slugParamsSchema,
    body: addCommentBodySchema,
    responses: { 201: json('The comment', filmCommentSchema) },
  },
  updateComment: {
    method: 'patch',
    path: `${film}/comments/{id}`,
    summary: 'Resolve or reopen a comment',
    params: commentParamsSchema,
    body: updateCommentBodySchema,
    responses: { 200: json('The comment', filmCommentSchema) },
  },
  deleteComment: {
    method: 'delete',
    path: `${film}/comments/{id}`,
    summary: 'Delete a comment',
    description: 'Its author or a reviewer.',
    params: commentParamsSchema,
    responses: { 204: { description: 'Deleted' } },
  },
});
