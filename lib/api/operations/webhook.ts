import { operations } from '../operation';
import { createWebhookSchema, deliveryParamsSchema, webhookParamsSchema } from '../../webhooks/webhook-schema';
import {
  createdWebhookSchema,
  deletedWebhookSchema,
  deliveryListSchema,
  deliverySchema,
  pingSchema,
  rotatedSecretSchema,
  webhookListSchema,
  webhookSchema,
} from '../schemas/webhook-api';
import { deliveryListQuerySchema, webhookListQuerySchema } from '../schemas/list-queries';
import { json, problem } from './responses';

const base = '/api/v1/editor/webhooks';
const notFound = problem('No such webhook or delivery');

/** Webhooks (admins): endpoints, their secrets and deliveries. docs/api.md explains signatures. */
export const webhookOperations = operations(['Webhooks'], {
  listWebhooks: {
    method: 'get',
    path: base,
    summary: 'The webhook endpoints, a page at a time (admins)',
    query: webhookListQuerySchema,
    responses: { 200: json('Newest first, without secrets', webhookListSchema) },
  },
  createWebhook: {
    method: 'post',
    path: base,
    summary: 'Register a webhook endpoint (admins)',
    description:
      'Answers the `whsec_…` signing secret once. The URL may not be a loopback, private or link-local address (400). A `ping` is sent to it.',
    body: createWebhookSchema,
    responses: { 201: json('Registered', createdWebhookSchema) },
  },
  getWebhook: {
    method: 'get',
    path: `${base}/{id}`,
    summary: 'One webhook endpoint (admins)',
    params: webhookParamsSchema,
    responses: { 200: json('Without its secret', webhookSchema), 404: notFound },
  },
  deleteWebhook: {
    method: 'delete',
    path: `${base}/{id}`,
    summary: 'Remove a webhook endpoint and its deliveries (admins)',
    params: webhookParamsSchema,
    responses: { 200: json('Removed', deletedWebhookSchema), 404: notFound },
  },
  rotateWebhookSecret: {
    method: 'post',
    path: `${base}/{id}/rotate-secret`,
    summary: 'A new signing secret (admins)',
    description: 'Answered once; every send from now on is signed with it, retries of earlier events included.',
    params: webhookParamsSchema,
    responses: { 200: json('The new secret', rotatedSecretSchema), 404: notFound },
  },
  pingWebhook: {
    method: 'post',
    path: `${base}/{id}/ping`,
    summary: 'Send a ping to the endpoint (admins)',
    params: webhookParamsSchema,
    responses: { 202: json('Queued', pingSchema), 404: notFound },
  },
  listWebhookDeliveries: {
    method: 'get',
    path: `${base}/{id}/deliveries`,
    summary: "The endpoint's deliveries, newest first, a page at a time (admins)",
    params: webhookParamsSchema,
    query: deliveryListQuerySchema,
    responses: {
      200: json('Newest first, each with its attempts', deliveryListSchema),
      404: notFound,
    },
  },
  resendWebhookDelivery: {
    method: 'post',
    path: `${base}/{id}/deliveries/{deliveryId}/resend`,
    summary: 'Send a delivery again now (admins)',
    description:
      'With the same `webhook-id`, its retries counted afresh; a disabled endpoint is enabled again. 409 while it is being sent.',
    params: deliveryParamsSchema,
    responses: {
      200: json('Queued again', deliverySchema),
      404: notFound,
      409: problem('It is being sent right now'),
    },
  },
});
