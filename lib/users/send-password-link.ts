import 'server-only';
import { mailConfigured, sendMail } from '../mail/send-mail';
import { logger } from '../log';
import { siteUrl } from '../seo/site-url';
import type { Role } from '../auth/permissions';
import type { PasswordLinkPurpose } from './create-password-link';
import { composePasswordLinkMail } from './password-link-mail';

/**
 * What the admin is told after an invitation or a reset: mailed to the user, or the link to hand
 * over (no SMTP_URL, or the mail server refused it: then with the reason, so the admin can act).
 */
export type LinkDelivery = { delivery: 'mail' } | { delivery: 'link'; url: string; mailError?: string };

/** The site as a mail names it. */
export const SITE_NAME = 'Film pages';

/**
 * Mails the link when mail is configured (an HTML and a plain-text part, lib/users/password-link-mail.ts);
 * called after the transaction that created the link committed. `by` is the admin who made the
 * link, null when the user asked for it themselves (forgot password).
 */
export async function sendPasswordLink({
  to,
  purpose,
  url,
  expiresAt,
  by,
  role,
}: {
  to: string;
  purpose: PasswordLinkPurpose;
  url: string;
  expiresAt: Date;
  by: { name: string; email: string } | null;
  role?: Role;
}): Promise<LinkDelivery> {
  if (!mailConfigured()) return { delivery: 'link', url };
  try {
    const mail = composePasswordLinkMail({ purpose, url, expiresAt, by, role, site: { name: SITE_NAME, url: siteUrl() } });
    await sendMail({ to, ...mail });
    return { delivery: 'mail' };
  } catch (error) {
    logger.warn({ err: error, purpose }, 'could not mail the password link');
    return { delivery: 'link', url, mailError: error instanceof Error ? error.message : String(error) };
  }
}
