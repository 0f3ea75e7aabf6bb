import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { hashPassword, verifyPassword } from '../auth/password';
import { ForbiddenError, ValidationError } from '../errors';
import { changePasswordSchema, type ChangePasswordInput } from './user-schema';

/**
 * A signed-in user changes their own password (also the forced change after a one-time password).
 * Every session of the account ends, including this one: the caller signs in again with the new one.
 */
export async function changePassword({ actor, ...input }: ChangePasswordInput & { actor: Actor }) {
  assertCan(actor, 'account.update');
  if (actor.via !== 'session') throw new ForbiddenError('Sign in to change your password');
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { currentPassword, newPassword } = parsed.data;

  const user = await db().user.findUniqueOrThrow({ where: { id: actor.userId }, select: { email: true, passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw ValidationError.field('currentPassword', 'This is not your current password');
  const passwordHash = await hashPassword(newPassword);
  await db().$transaction(async (tx) => {
    await tx.user.update({
      where: { id: actor.userId },
      data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    await writeAudit(tx, { actor, action: 'user.change-password', subject: user.email, details: { userId: actor.userId } });
  });
  return { email: user.email };
}
