import { apiOperation } from '@/lib/api/api-handler';
import { webhookOperations } from '@/lib/api/operations/webhook';
import { listEnvelope } from '@/lib/api/list';
import { listDeliveries } from '@/lib/webhooks/list-deliveries';

/** A page of the endpoint's deliveries, newest first, each with its last attempts. */
export const GET = apiOperation(webhookOperations.listWebhookDeliveries, 'webhook.manage', async ({ actor, params: { id }, query }) => {
  const { items, total } = await listDeliveries({ actor, id, ...query });
  return listEnvelope(items, query, total);
});
