import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { findUserOrThrow } from './user-rules';

/**
 * Ends every session of a user at once by bumping their session version (API tokens are separate:
 * revoke those). Anyone may do it for their own account; admins for any account.
 */
export async function signOutEverywhere({ actor, userId }: { actor: Actor; userId?: string }) {
  const target = userId ?? actor?.userId ?? '';
  assertCan(actor, target === actor?.userId ? 'account.update' : 'user.manage');
  await db().$transaction(async (tx) => {
    const user = await findUserOrThrow(tx, target);
    await tx.user.update({ where: { id: target }, data: { sessionVersion: { increment: 1 } } });
    await writeAudit(tx, { actor, action: 'user.sign-out-everywhere', subject: user.email, details: { userId: target } });
  });
  return { userId: target };
}
