import { expiryInWords } from '@/lib/users/password-link-mail';
import { OneTimeSecret } from '../admin/one-time-secret';
import styles from '../admin/admin.module.css';

export type PasswordLinkResult = { email: string; expiresAt: string } & (
  { delivery: 'mail' } | { delivery: 'link'; url: string; mailError?: string }
);

/**
 * After an invitation or a reset: "mailed to …", or the one-time link to hand over (no SMTP_URL,
 * or the mail server refused it, which is said).
 */
export function PasswordLinkOutcome({ result, what }: { result: PasswordLinkResult; what: 'invite' | 'reset' }) {
  const until = expiryInWords(new Date(result.expiresAt));
  if (result.delivery === 'mail')
    return (
      <p role="status" className={styles.message}>
        {what === 'invite' ? 'Invitation' : 'A link to choose a new password'} mailed to {result.email}; it works once, {until}.
      </p>
    );
  return (
    <OneTimeSecret label={`${what === 'invite' ? 'Invitation link' : 'Password reset link'} for ${result.email}`} secret={result.url}>
      {result.mailError ? (
        <p role="alert" className={styles.alert}>
          The mail could not be sent ({result.mailError}): give them the link yourself.
        </p>
      ) : null}
      <p className={styles.message}>Give it to them privately; they choose their own password there. It works once, {until}.</p>
    </OneTimeSecret>
  );
}
