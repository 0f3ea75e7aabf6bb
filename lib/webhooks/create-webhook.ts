import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ValidationError } from '../errors';
import { createWebhookSchema, publicWebhookSelect, type CreateWebhookInput } from './webhook-schema';
import { BlockedAddressError, UnresolvedHostError, hostOf, resolvePublicAddresses } from './outbound-address';
import { actorRef, enqueueWebhookEvent } from './enqueue-webhook-event';
import { newWebhookSecret, toWebhookView } from './webhook-view';

/**
 * 400 naming `url` when it is or resolves to an address webhooks may not be sent to. Checked again
 * on every send; a name that does not resolve yet is accepted (its sends fail until it does).
 */
export async function assertSendableUrl(url: string): Promise<void> {
  try {
    await resolvePublicAddresses(hostOf(new URL(url)));
  } catch (error) {
    if (error instanceof UnresolvedHostError) return;
    if (error instanceof BlockedAddressError) throw ValidationError.field('url', error.message);
    throw error;
  }
}

/**
 * Registers an endpoint (admins). Its signing secret is returned once, here; it is stored because
 * the server signs with it, but no read returns it again. A `ping` is queued in the same transaction.
 */
export async function createWebhook({ actor, ...input }: CreateWebhookInput & { actor: Actor }) {
  assertCan(actor, 'webhook.manage');
  const parsed = createWebhookSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { url, events, description } = parsed.data;
  await assertSendableUrl(url);
  const secret = newWebhookSecret();
  const webhook = await db().$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: { url, events, description, secret, createdById: actor.userId || null },
      select: publicWebhookSelect,
    });
    await writeAudit(tx, { actor, action: 'webhook.create', subject: url, details: { webhookId: created.id, events } });
    await enqueueWebhookEvent(tx, 'ping', { webhook: { id: created.id }, actor: actorRef(actor) }, { endpointId: created.id });
    return created;
  });
  return { webhook: toWebhookView(webhook), secret };
}
