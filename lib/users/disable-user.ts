import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { ConflictError } from '../errors';
import { assertAnotherActiveAdmin, findUserOrThrow } from './user-rules';
import { publicUserSelect } from './user-schema';

/** Disables an account: it cannot sign in, its sessions end at once, its API tokens stop working. */
export async function disableUser({ actor, userId }: { actor: Actor; userId: string }) {
  assertCan(actor, 'user.manage');
  // Locking oneself out by accident is too easy; another admin can do it.
  if (userId === actor.userId) throw new ConflictError('You cannot disable your own account', { reason: 'self' });
  return db().$transaction(async (tx) => {
    await assertAnotherActiveAdmin(tx, userId, 'disable');
    const user = await findUserOrThrow(tx, userId);
    if (user.disabled) return user;
    const updated = await tx.user.update({
      where: { id: userId },
      data: { disabled: true, sessionVersion: { increment: 1 } },
      select: publicUserSelect,
    });
    await writeAudit(tx, { actor, action: 'user.disable', subject: user.email, details: { userId } });
    return updated;
  });
}
