import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { hashPassword } from '../auth/password';
import { generateOneTimePassword } from './one-time-password';
import { findUserOrThrow } from './user-rules';
import { publicUserSelect } from './user-schema';

/**
 * Replaces a user's password with a one-time password (returned once, for the admin to hand over)
 * that must be changed at the next sign-in; every session of the user ends.
 */
export async function resetPassword({ actor, userId }: { actor: Actor; userId: string }) {
  assertCan(actor, 'user.manage');
  const oneTimePassword = generateOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const user = await db().$transaction(async (tx) => {
    const target = await findUserOrThrow(tx, userId);
    const updated = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, mustChangePassword: true, sessionVersion: { increment: 1 } },
      select: publicUserSelect,
    });
    await writeAudit(tx, { actor, action: 'user.reset-password', subject: target.email, details: { userId } });
    return updated;
  });
  return { user, oneTimePassword };
}
