import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError, NotFoundError } from '../errors';
import { deliverySelect, toDeliveryView } from './webhook-view';

/**
 * Sends a delivery again now, with the same `webhook-id` (receivers that deduplicate see the same
 * event), its retries counted afresh (admins); not while it is being sent (409). A disabled endpoint
 * is enabled again by it (the admin says the receiver is back), with its own audit row.
 */
export async function resendDelivery({ actor, id, deliveryId }: { actor: Actor; id: string; deliveryId: string }) {
  assertCan(actor, 'webhook.manage');
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ state: string; disabledAt: Date | null; url: string }>>`
      SELECT d.state::text AS state, e."disabledAt", e.url FROM "WebhookDelivery" d JOIN "WebhookEndpoint" e ON e.id = d."endpointId"
      WHERE d.id = ${deliveryId} AND d."endpointId" = ${id} FOR UPDATE OF d`;
    if (!row) throw new NotFoundError('No such delivery');
    if (row.state === 'running') throw new ConflictError('This delivery is being sent right now', { state: row.state });
    if (row.disabledAt) {
      await tx.webhookEndpoint.update({ where: { id }, data: { disabledAt: null, disabledReason: null, failingSince: null } });
      await writeAudit(tx, { actor, action: 'webhook.enable', subject: row.url, details: { webhookId: id } });
    }
    const now = new Date();
    const updated = await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { state: 'pending', attempts: 0, nextAttemptAt: now, lockedBy: null, lockedAt: null },
      select: deliverySelect,
    });
    await writeAudit(tx, { actor, action: 'webhook.resend', subject: row.url, details: { webhookId: id, deliveryId } });
    return toDeliveryView(updated);
  });
}
