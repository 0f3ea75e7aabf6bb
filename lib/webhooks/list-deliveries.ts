import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { deliverySelect, toDeliveryView } from './webhook-view';

export const DELIVERY_LIST_SIZE = 100;

/** A page of an endpoint's deliveries, newest first, each with its last attempts (admins). */
export async function listDeliveries({
  actor,
  id,
  page = 1,
  pageSize = DELIVERY_LIST_SIZE,
}: {
  actor: Actor;
  id: string;
  page?: number;
  pageSize?: number;
}) {
  assertCan(actor, 'webhook.manage');
  const endpoint = await db().webhookEndpoint.findUnique({ where: { id }, select: { id: true } });
  if (!endpoint) throw new NotFoundError('No such webhook');
  const [rows, total] = await Promise.all([
    db().webhookDelivery.findMany({
      where: { endpointId: id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: deliverySelect,
    }),
    db().webhookDelivery.count({ where: { endpointId: id } }),
  ]);
  return { items: rows.map(toDeliveryView), total };
}
