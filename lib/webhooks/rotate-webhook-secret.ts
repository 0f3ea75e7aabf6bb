import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError } from '../errors';
import { newWebhookSecret } from './webhook-view';

/**
 * A new signing secret, returned once (admins). Every send from now on, retries of earlier events
 * included, is signed with it: the old one stops verifying at once.
 */
export async function rotateWebhookSecret({ actor, id }: { actor: Actor; id: string }) {
  assertCan(actor, 'webhook.manage');
  const secret = newWebhookSecret();
  await db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id }, select: { url: true } });
    if (!endpoint) throw new NotFoundError('No such webhook');
    await tx.webhookEndpoint.update({ where: { id }, data: { secret } });
    await writeAudit(tx, { actor, action: 'webhook.rotate-secret', subject: endpoint.url, details: { webhookId: id } });
  });
  return { id, secret };
}
