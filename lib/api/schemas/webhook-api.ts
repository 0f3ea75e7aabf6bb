import { z } from 'zod';
import { DELIVERY_STATES, WEBHOOK_EVENTS, deliveryIdSchema, webhookIdSchema } from '../../webhooks/webhook-schema';

/** Response shapes of the webhook endpoints (app/api/v1/editor/webhooks). */
export const webhookSchema = z
  .object({
    id: webhookIdSchema,
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean().meta({ description: 'false once disabled after 24 h without a successful delivery (a resend enables it)' }),
    disabledAt: z.iso.datetime().nullable(),
    disabledReason: z.string().nullable(),
    failingSince: z.iso.datetime().nullable().meta({ description: 'The first failed attempt since the last success' }),
    createdBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Webhook', description: 'An endpoint; its secret is never returned after it is created or rotated' });

const secretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/=]+$/)
  .meta({ description: 'The Standard Webhooks signing secret: shown in this answer only' });

export const createdWebhookSchema = webhookSchema.extend({ secret: secretSchema }).meta({ id: 'CreatedWebhook' });
export const rotatedSecretSchema = z.object({ id: webhookIdSchema, secret: secretSchema }).meta({ id: 'RotatedWebhookSecret' });
export const pingSchema = z.object({ id: webhookIdSchema, messageId: z.string() }).meta({ id: 'WebhookPing' });
export const deletedWebhookSchema = z.object({ id: webhookIdSchema, deleted: z.literal(true) }).meta({ id: 'DeletedWebhook' });

const listOf = <S extends z.ZodType>(item: S, id: string) =>
  z.object({ items: z.array(item), page: z.int(), pageSize: z.int(), total: z.int() }).meta({ id });

export const webhookListSchema = listOf(webhookSchema, 'WebhookList');

export const deliverySchema = z
  .object({
    id: deliveryIdSchema,
    messageId: z.string().meta({ description: 'The `webhook-id` header: the same on every attempt and resend' }),
    type: z.string(),
    state: z.enum(DELIVERY_STATES),
    attempts: z.int(),
    nextAttemptAt: z.iso.datetime(),
    lastStatus: z.int().nullable().meta({ description: "The receiver's last HTTP status (null: no answer)" }),
    lastError: z.string().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    payload: z
      .object({
        type: z.string(),
        timestamp: z.iso.datetime(),
        // Any JSON object (OpenAPI 3.0 has no "any value" but `{}`): its members vary by event type.
        data: z.looseObject({}).meta({ additionalProperties: true, description: 'What changed (docs/api.md, "Events")' }),
      })
      .meta({ description: 'The body sent' }),
    log: z
      .array(
        z.object({
          number: z.int(),
          ok: z.boolean(),
          status: z.int().nullable(),
          error: z.string().nullable(),
          durationMs: z.int(),
          response: z.string().meta({ description: 'The first 1 KB of the answer' }),
          at: z.iso.datetime(),
        }),
      )
      .meta({ description: 'The last attempts, newest first' }),
  })
  .meta({ id: 'WebhookDelivery' });

export const deliveryListSchema = listOf(deliverySchema, 'WebhookDeliveryList');
