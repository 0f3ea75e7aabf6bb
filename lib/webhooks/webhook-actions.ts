'use server';

import { guardedAction } from '../auth/guarded-action';
import { createWebhookSchema, deliveryTargetSchema, webhookTargetSchema } from './webhook-schema';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { rotateWebhookSecret } from './rotate-webhook-secret';
import { pingWebhook } from './ping-webhook';
import { resendDelivery } from './resend-delivery';

/** Server actions of /editor/webhooks. */

/** Returns the signing secret once. */
export const createWebhookAction = guardedAction('webhook.manage', createWebhookSchema, async (input, actor) => {
  const { webhook, secret } = await createWebhook({ ...input, actor });
  return { id: webhook.id, url: webhook.url, secret };
});

export const deleteWebhookAction = guardedAction('webhook.manage', webhookTargetSchema, ({ id }, actor) => deleteWebhook({ id, actor }));

/** Returns the new secret once. */
export const rotateWebhookSecretAction = guardedAction('webhook.manage', webhookTargetSchema, ({ id }, actor) =>
  rotateWebhookSecret({ id, actor }),
);

export const pingWebhookAction = guardedAction('webhook.manage', webhookTargetSchema, ({ id }, actor) => pingWebhook({ id, actor }));

export const resendDeliveryAction = guardedAction('webhook.manage', deliveryTargetSchema, async ({ id, deliveryId }, actor) => {
  const delivery = await resendDelivery({ id, deliveryId, actor });
  return { id: delivery.id, type: delivery.type };
});
