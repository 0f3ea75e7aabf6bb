import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db';
import type { Actor } from '../auth/permissions';
import { filmTag, pageTags, personTag } from '../cache/invalidate-film-pages';
import { absoluteUrl } from '../seo/site-url';
import type { WebhookEventType } from './webhook-schema';
import { filmPath, personPath } from '../reader/reader-address.mjs';

/**
 * The outbox: an event becomes one delivery row per endpoint subscribed to it, written in the
 * transaction of the change, so a change that rolls back sends nothing and a committed one is
 * sent by the webhook runner of any instance, even after a restart (delivery-runner.ts).
 *
 * `data` names what changed and never carries text above spoiler level none: a webhook feeds chat
 * rooms and search indexes. The builders below take slugs, titles, ids and numbers only (a
 * review's note or comment, a biography, alt texts and the page itself stay out).
 */
export type WebhookData = Record<string, unknown>;

/** Who made the change: their user id and email (or `token:name`, `system`). */
export const actorRef = (actor: Actor | null) => ({ id: actor?.userId || null, label: actor?.label ?? 'system' });

export const filmRef = (film: { slug: string; title?: string }) => ({
  slug: film.slug,
  ...(film.title !== undefined ? { title: film.title } : {}),
  url: absoluteUrl(filmPath(film.slug)),
});
export const personRef = (slug: string) => ({ slug, url: absoluteUrl(personPath(slug)) });
export { filmTag, pageTags, personTag };

export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * Queues `type` for every enabled endpoint subscribed to it (or, with `endpointId`, for that one
 * only: a ping). Returns the event's id (`webhook-id`), null when no endpoint wants it.
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  type: WebhookEventType,
  data: WebhookData,
  { endpointId, now = new Date() }: { endpointId?: string; now?: Date } = {},
): Promise<string | null> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: endpointId ? { id: endpointId } : { disabledAt: null, events: { has: type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return null;
  const messageId = newMessageId();
  const payload = { type, timestamp: now.toISOString(), data };
  await tx.webhookDelivery.createMany({
    data: endpoints.map((endpoint) => ({ endpointId: endpoint.id, messageId, type, payload: payload as never, nextAttemptAt: now })),
  });
  return messageId;
}
