import 'server-only';
import { db } from '../db';
import { assertCan, type Actor, type Role } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { assertAnotherActiveAdmin, findUserOrThrow } from './user-rules';
import { publicUserSelect } from './user-schema';

/** Changes a user's role; their sessions end (the role is in the session token). */
export async function changeRole({ actor, userId, role }: { actor: Actor; userId: string; role: Role }) {
  assertCan(actor, 'user.manage');
  return db().$transaction(async (tx) => {
    if (role !== 'ADMIN') await assertAnotherActiveAdmin(tx, userId, 'demote');
    const user = await findUserOrThrow(tx, userId);
    if (user.role === role) return user;
    const updated = await tx.user.update({
      where: { id: userId },
      data: { role, sessionVersion: { increment: 1 } },
      select: publicUserSelect,
    });
    await writeAudit(tx, { actor, action: 'user.role', subject: user.email, details: { userId, from: user.role, to: role } });
    return updated;
  });
}
