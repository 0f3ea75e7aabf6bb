import { z } from 'zod';

/**
 * Webhooks, one schema module: the editor's form and actions, the API (app/api/v1/editor/webhooks),
 * the domain functions and the OpenAPI document. Client-safe.
 */
export const WEBHOOK_EVENTS = [
  'film.published',
  'film.unpublished',
  'film.scheduled',
  'translation.published',
  'translation.unpublished',
  'review.submitted',
  'review.decided',
  'person.updated',
  'media.replaced',
  'media.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Every endpoint gets `ping` (when created, and on demand): it is not subscribed to. */
export type WebhookEventType = WebhookEvent | 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'film.published': 'A film was published (also by a schedule or an approval)',
  'film.unpublished': 'A film was taken off the site',
  'film.scheduled': 'A publish or unpublish (of the page or a translation) was scheduled',
  'translation.published': 'A translation of a film was published',
  'translation.unpublished': 'A translation of a film was taken off the site',
  'review.submitted': 'A revision was submitted for review',
  'review.decided': 'A review was approved or sent back',
  'person.updated': "A person's dates, biography or photo changed",
  'media.replaced': "An upload's file was replaced",
  'media.deleted': 'An upload was deleted',
};

export const DELIVERY_STATES = ['pending', 'running', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const cuid = (what: string) => z.string().regex(/^[a-z0-9]{20,40}$/, `Must be a ${what} id`);
export const webhookIdSchema = cuid('webhook');
export const deliveryIdSchema = cuid('delivery');
export const webhookParamsSchema = z.object({ id: webhookIdSchema });
export const deliveryParamsSchema = z.object({ id: webhookIdSchema, deliveryId: deliveryIdSchema });

export const createWebhookSchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: 'Must be an http(s):// address such as https://example.com/hooks/films' })
      .max(2000)
      .meta({ description: 'Where to POST events; never a loopback, private or link-local address' }),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1, 'Choose at least one event')
      .max(WEBHOOK_EVENTS.length)
      .transform((events) => [...new Set(events)])
      .meta({ description: 'The event types to send (a `ping` is always sent)' }),
    description: z.string().trim().max(200).default('').meta({ description: 'What it is for' }),
  })
  .meta({ description: 'An endpoint to register (inline: see presenceBodySchema in lib/films/film-schema.ts)' });
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const webhookTargetSchema = z.object({ id: webhookIdSchema });
export const deliveryTargetSchema = z.object({ id: webhookIdSchema, deliveryId: deliveryIdSchema });

/** What may leave the server about an endpoint: never its secret. */
export const publicWebhookSelect = {
  id: true,
  url: true,
  description: true,
  events: true,
  disabledAt: true,
  disabledReason: true,
  failingSince: true,
  createdAt: true,
  createdBy: { select: { email: true } },
} as const;

// ---------------------------------------------------------------- what the editor and the API show

export type WebhookView = {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  failingSince: string | null;
  createdBy: string | null;
  createdAt: string;
};

export type WebhookAttemptView = {
  number: number;
  ok: boolean;
  status: number | null;
  error: string | null;
  durationMs: number;
  response: string;
  at: string;
};

export type DeliveryView = {
  id: string;
  messageId: string;
  type: WebhookEventType;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  payload: unknown;
  log: WebhookAttemptView[];
};
