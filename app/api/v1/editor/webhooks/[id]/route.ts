import { apiOperation } from '@/lib/api/api-handler';
import { webhookOperations } from '@/lib/api/operations/webhook';
import { getWebhook } from '@/lib/webhooks/list-webhooks';
import { deleteWebhook } from '@/lib/webhooks/delete-webhook';

/** One endpoint, without its secret (admins). */
export const GET = apiOperation(webhookOperations.getWebhook, 'webhook.manage', async ({ actor, params: { id } }) => {
  return getWebhook({ actor, id });
});

/** Removes the endpoint and its deliveries. */
export const DELETE = apiOperation(webhookOperations.deleteWebhook, 'webhook.manage', async ({ actor, params: { id } }) => {
  return deleteWebhook({ actor, id });
});
