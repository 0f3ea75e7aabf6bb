import 'server-only';
import { randomBytes } from 'node:crypto';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { hashPassword } from '../auth/password';
import { mailConfigured } from '../mail/send-mail';
import { createPasswordLink } from './create-password-link';
import { sendPasswordLink } from './send-password-link';
import { actorInWords, findUserOrThrow } from './user-rules';
import { publicUserSelect } from './user-schema';

/**
 * Replaces a user's password with a random one nobody knows and makes a one-time link (it
 * expires) at which they choose a new one: mailed when SMTP_URL is set, else returned once for the
 * admin to hand over. Every session of the user ends, and earlier links stop working.
 */
export async function resetPassword({ actor, userId }: { actor: Actor; userId: string }) {
  assertCan(actor, 'user.manage');
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const { user, link, by } = await db().$transaction(async (tx) => {
    const target = await findUserOrThrow(tx, userId);
    const updated = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, mustChangePassword: true, sessionVersion: { increment: 1 } },
      select: publicUserSelect,
    });
    const link = await createPasswordLink(tx, { userId, purpose: 'reset' });
    await writeAudit(tx, {
      actor,
      action: 'user.reset-password',
      subject: target.email,
      details: { userId, expiresAt: link.expiresAt.toISOString(), mailed: mailConfigured() },
    });
    return { user: updated, link, by: await actorInWords(tx, actor) };
  });
  return { user, expiresAt: link.expiresAt, ...(await sendPasswordLink({ to: user.email, purpose: 'reset', ...link, by })) };
}
