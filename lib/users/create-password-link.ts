import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Tx } from '../db';
import { absoluteUrl } from '../seo/site-url';

export type PasswordLinkPurpose = 'invite' | 'reset';

/** How long a link works: an invitation may wait in an inbox for a while, a reset is asked for now. */
export const PASSWORD_LINK_TTL_MS: Record<PasswordLinkPurpose, number> = {
  invite: 7 * 24 * 60 * 60_000,
  reset: 24 * 60 * 60_000,
};

/** Only this hash is stored: a database dump or backup holds no working link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function passwordLinkPath(token: string): string {
  return `/set-password/${token}`;
}

/**
 * A new one-time link for the user to set their password, inside the caller's transaction (the
 * invitation or the reset it belongs to). Earlier unused links of the user stop working: only the
 * newest one an admin handed out or mailed can be used.
 */
export async function createPasswordLink(
  tx: Tx,
  { userId, purpose, now = new Date() }: { userId: string; purpose: PasswordLinkPurpose; now?: Date },
) {
  // 256 bits, base64url: fits an address without escaping.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_TTL_MS[purpose]);
  await tx.passwordLink.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  await tx.passwordLink.create({ data: { userId, purpose, tokenHash: hashLinkToken(token), expiresAt } });
  return { url: absoluteUrl(passwordLinkPath(token)), expiresAt };
}
