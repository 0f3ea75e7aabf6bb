import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError } from '../errors';

/** Removes an endpoint with its deliveries (admins): nothing more is sent to it. */
export async function deleteWebhook({ actor, id }: { actor: Actor; id: string }) {
  assertCan(actor, 'webhook.manage');
  return db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id }, select: { url: true } });
    if (!endpoint) throw new NotFoundError('No such webhook');
    await tx.webhookEndpoint.delete({ where: { id } });
    await writeAudit(tx, { actor, action: 'webhook.delete', subject: endpoint.url, details: { webhookId: id } });
    return { id, deleted: true as const };
  });
}
