import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { actorRef, enqueueWebhookEvent } from './enqueue-webhook-event';

/** Queues a `ping` to one endpoint (admins): to check it receives and verifies. */
export async function pingWebhook({ actor, id }: { actor: Actor; id: string }) {
  assertCan(actor, 'webhook.manage');
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id }, select: { id: true } });
    if (!endpoint) throw new NotFoundError('No such webhook');
    const messageId = await enqueueWebhookEvent(tx, 'ping', { webhook: { id }, actor: actorRef(actor) }, { endpointId: id });
    return { id, messageId: messageId! };
  });
}
