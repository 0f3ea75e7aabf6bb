import 'server-only';
import type { Tx } from '../db';
import { ConflictError, NotFoundError } from '../errors';
import { publicUserSelect } from './user-schema';

/** The user an admin acts on, read inside the change's transaction. */
export async function findUserOrThrow(tx: Tx, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: publicUserSelect });
  if (!user) throw new NotFoundError('No such user');
  return user;
}

/**
 * Refuses a change that would leave no active admin. Locks every active admin row first, so two
 * admins demoting or disabling each other at the same moment cannot both succeed.
 */
export async function assertAnotherActiveAdmin(tx: Tx, userId: string, what: string): Promise<void> {
  const admins = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM "User" WHERE role = 'ADMIN' AND disabled = false ORDER BY id FOR UPDATE`;
  const isActiveAdmin = admins.some((a) => a.id === userId);
  if (isActiveAdmin && admins.length === 1)
    throw new ConflictError(`Cannot ${what} the last active admin: make another user an admin first`, { reason: 'last-admin' });
}

/** The admin behind a change, as a mail names them: their name and email (an API token: its owner's). */
export async function actorInWords(tx: Tx, actor: { userId: string; label: string }): Promise<{ name: string; email: string }> {
  const user = actor.userId ? await tx.user.findUnique({ where: { id: actor.userId }, select: { name: true, email: true } }) : null;
  return user ?? { name: '', email: actor.label };
}
