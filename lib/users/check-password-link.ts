import 'server-only';
import type { Tx } from '../db';
import { db } from '../db';
import { hashLinkToken, type PasswordLinkPurpose } from './create-password-link';

export type PasswordLinkState =
  | { state: 'valid'; linkId: string; userId: string; email: string; purpose: PasswordLinkPurpose; expiresAt: Date }
  | { state: 'unknown' | 'used' | 'expired' | 'disabled' };

/** What the set-password page and the API say for a link that cannot be used. */
export const PASSWORD_LINK_PROBLEMS = {
  unknown: 'This link is not valid. Check that you copied all of it, or ask an admin for a new one.',
  used: 'This link was already used. Sign in with the password you chose, or ask an admin for a new link.',
  expired: 'This link has expired. Ask an admin to send you a new one.',
  disabled: 'This account is disabled. Ask an admin.',
} as const;

/**
 * The state of a one-time link, found by its token's hash. Inside a transaction it locks the row,
 * so two uses of one link at the same moment cannot both succeed.
 */
export async function checkPasswordLink(token: string, { tx, now = new Date() }: { tx?: Tx; now?: Date } = {}): Promise<PasswordLinkState> {
  const tokenHash = hashLinkToken(token);
  const client = tx ?? db();
  if (tx) await tx.$queryRaw`SELECT id FROM "PasswordLink" WHERE "tokenHash" = ${tokenHash} FOR UPDATE`;
  const link = await client.passwordLink.findUnique({
    where: { tokenHash },
    select: { id: true, purpose: true, expiresAt: true, usedAt: true, user: { select: { id: true, email: true, disabled: true } } },
  });
  if (!link) return { state: 'unknown' };
  if (link.usedAt) return { state: 'used' };
  if (link.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
  if (link.user.disabled) return { state: 'disabled' };
  return {
    state: 'valid',
    linkId: link.id,
    userId: link.user.id,
    email: link.user.email,
    purpose: link.purpose as PasswordLinkPurpose,
    expiresAt: link.expiresAt,
  };
}
