import { apiOperation } from '@/lib/api/api-handler';
import { webhookOperations } from '@/lib/api/operations/webhook';
import { resendDelivery } from '@/lib/webhooks/resend-delivery';

/** Sends the delivery again now, with the same `webhook-id`. */
export const POST = apiOperation(
  webhookOperations.resendWebhookDelivery,
  'webhook.manage',
  async ({ actor, params: { id, deliveryId } }) => {
    return resendDelivery({ actor, id, deliveryId });
  },
);
