import 'server-only';
import { mailConfigured, sendMail } from '../mail/send-mail';
import { logger } from '../log';
import type { PasswordLinkPurpose } from './create-password-link';

/**
 * What the admin is told after an invitation or a reset: mailed to the user, or the link to hand
 * over (no SMTP_URL, or the mail server refused it: then with the reason, so the admin can act).
 */
export type LinkDelivery = { delivery: 'mail' } | { delivery: 'link'; url: string; mailError?: string };

const SUBJECT: Record<PasswordLinkPurpose, string> = {
  invite: 'You are invited to Film pages',
  reset: 'Set a new password for Film pages',
};

function body(purpose: PasswordLinkPurpose, url: string, expiresAt: Date): string {
  const until = expiresAt.toUTCString();
  const lead =
    purpose === 'invite'
      ? 'An admin invited you to edit Film pages. Choose your password here:'
      : 'An admin reset your password for Film pages. Choose a new one here:';
  return `${lead}\n\n${url}\n\nThe link works once, until ${until}. If you did not expect this mail, ignore it.\n`;
}

/** Mails the link when mail is configured; called after the transaction that created the link committed. */
export async function sendPasswordLink({
  to,
  purpose,
  url,
  expiresAt,
}: {
  to: string;
  purpose: PasswordLinkPurpose;
  url: string;
  expiresAt: Date;
}): Promise<LinkDelivery> {
  if (!mailConfigured()) return { delivery: 'link', url };
  try {
    await sendMail({ to, subject: SUBJECT[purpose], text: body(purpose, url, expiresAt) });
    return { delivery: 'mail' };
  } catch (error) {
    logger.warn({ err: error, purpose }, 'could not mail the password link');
    return { delivery: 'link', url, mailError: error instanceof Error ? error.message : String(error) };
  }
}
