import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { findUserOrThrow } from './user-rules';
import { publicUserSelect } from './user-schema';

/** Lets a disabled account sign in again (its old sessions stay ended). */
export async function enableUser({ actor, userId }: { actor: Actor; userId: string }) {
  assertCan(actor, 'user.manage');
  return db().$transaction(async (tx) => {
    const user = await findUserOrThrow(tx, userId);
    if (!user.disabled) return user;
    const updated = await tx.user.update({ where: { id: userId }, data: { disabled: false }, select: publicUserSelect });
    await writeAudit(tx, { actor, action: 'user.enable', subject: user.email, details: { userId } });
    return updated;
  });
}
