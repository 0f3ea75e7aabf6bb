import 'server-only';
import { db } from '../db';
import { writeAudit } from '../audit/write-audit';
import { hashPassword } from '../auth/password';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { checkPasswordLink, PASSWORD_LINK_PROBLEMS, type PasswordLinkState } from './check-password-link';
import { setPasswordSchema, type SetPasswordInput } from './user-schema';

/**
 * Sets the password of the user a one-time link (invitation or reset) was made for, and uses the
 * link up: once only, not after it expired. No actor: the link is the credential. Every earlier
 * session of the account ends; the caller signs in with the new password.
 */
export async function redeemPasswordLink(input: SetPasswordInput, { now = new Date() }: { now?: Date } = {}) {
  const parsed = setPasswordSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { token, newPassword } = parsed.data;
  // The route is public: a made-up token is refused before the (deliberately slow) hash is made,
  // so guessing costs the server a lookup, not an argon2 run. Checked again, locked, below.
  usable(await checkPasswordLink(token, { now }));
  const passwordHash = await hashPassword(newPassword);
  return db().$transaction(async (tx) => {
    const link = usable(await checkPasswordLink(token, { tx, now }));
    await tx.passwordLink.update({ where: { id: link.linkId }, data: { usedAt: now } });
    await tx.user.update({
      where: { id: link.userId },
      data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    await writeAudit(tx, {
      actor: null,
      actorLabel: link.email,
      action: 'user.set-password',
      subject: link.email,
      details: { userId: link.userId, purpose: link.purpose },
    });
    return { email: link.email };
  });
}

/** The link when it can be used, else the error that says why not. */
function usable(link: PasswordLinkState): Extract<PasswordLinkState, { state: 'valid' }> {
  if (link.state === 'unknown') throw new NotFoundError(PASSWORD_LINK_PROBLEMS.unknown);
  if (link.state === 'disabled') throw new ForbiddenError(PASSWORD_LINK_PROBLEMS.disabled);
  if (link.state !== 'valid') throw new ConflictError(PASSWORD_LINK_PROBLEMS[link.state], { reason: link.state });
  return link;
}
