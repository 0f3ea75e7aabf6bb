import 'server-only';
import { randomBytes } from 'node:crypto';
import { publicWebhookSelect, type DeliveryView, type WebhookEvent, type WebhookEventType, type WebhookView } from './webhook-schema';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks libraries read it. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

type PublicWebhookRow = {
  [K in keyof typeof publicWebhookSelect]: K extends 'createdBy' ? { email: string } | null : K extends 'events' ? string[] : unknown;
};

export function toWebhookView(row: PublicWebhookRow): WebhookView {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
  return {
    id: row.id as string,
    url: row.url as string,
    description: row.description as string,
    events: row.events as WebhookEvent[],
    enabled: row.disabledAt === null,
    disabledAt: iso(row.disabledAt),
    disabledReason: (row.disabledReason as string | null) ?? null,
    failingSince: iso(row.failingSince),
    createdBy: row.createdBy?.email ?? null,
    createdAt: iso(row.createdAt)!,
  };
}

export const deliverySelect = {
  id: true,
  messageId: true,
  type: true,
  state: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatus: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
  payload: true,
  log: {
    orderBy: { createdAt: 'desc' },
    take: 20,
    select: { number: true, ok: true, status: true, error: true, durationMs: true, response: true, createdAt: true },
  },
} as const;

type DeliveryRow = {
  id: string;
  messageId: string;
  type: string;
  state: DeliveryView['state'];
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
  payload: unknown;
  log: Array<{
    number: number;
    ok: boolean;
    status: number | null;
    error: string | null;
    durationMs: number;
    response: string;
    createdAt: Date;
  }>;
};

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    messageId: row.messageId,
    type: row.type as WebhookEventType,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload,
    log: row.log.map(({ createdAt, ...attempt }) => ({ ...attempt, at: createdAt.toISOString() })),
  };
}
