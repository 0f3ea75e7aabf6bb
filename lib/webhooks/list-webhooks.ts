import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { publicWebhookSelect } from './webhook-schema';
import { toWebhookView } from './webhook-view';

/** Every endpoint, newest first, without secrets (admins). */
export async function listWebhooks({ actor }: { actor: Actor }) {
  assertCan(actor, 'webhook.manage');
  const rows = await db().webhookEndpoint.findMany({ select: publicWebhookSelect, orderBy: { createdAt: 'desc' } });
  return rows.map(toWebhookView);
}

/** One endpoint, without its secret (admins); 404 when unknown. */
export async function getWebhook({ actor, id }: { actor: Actor; id: string }) {
  assertCan(actor, 'webhook.manage');
  const row = await db().webhookEndpoint.findUnique({ where: { id }, select: publicWebhookSelect });
  if (!row) throw new NotFoundError('No such webhook');
  return toWebhookView(row);
}
