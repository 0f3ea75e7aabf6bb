import type { Metadata } from 'next';
import Link from 'next/link';
import { checkPasswordLink, PASSWORD_LINK_PROBLEMS } from '@/lib/users/check-password-link';
import { mailConfigured } from '@/lib/mail/send-mail';
import { expiryInWords } from '@/lib/users/password-link-mail';
import { SetPasswordForm } from '@/components/auth/set-password-form';
import styles from '@/components/auth/auth-card.module.css';

// Per request, never cached: a link's state changes when it is used.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Choose your password', robots: { index: false, follow: false } };

/**
 * The page a one-time link (an invitation or a password reset) opens: the form to choose a
 * password, or why the link cannot be used (used, expired, unknown). Rendered per request; a used
 * or expired link's page is sent with 410 Gone, an unknown one's with 404 (proxy.ts,
 * lib/users/password-link-page-status.ts).
 */
export default async function SetPasswordPage({ params }: PageProps<'/set-password/[token]'>) {
  const { token } = await params;
  const link = token.length <= 200 ? await checkPasswordLink(token) : ({ state: 'unknown' } as const);
  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="set-password-title">
        {link.state === 'valid' ? (
          <>
            <h1 id="set-password-title">{link.purpose === 'invite' ? 'Welcome to Film pages' : 'Choose a new password'}</h1>
            <p className={styles.lead}>
              Choose the password for {link.email}. This link works once, {expiryInWords(link.expiresAt)}.
            </p>
            <SetPasswordForm token={token} email={link.email} />
          </>
        ) : (
          <>
            <h1 id="set-password-title">This link cannot be used</h1>
            <p role="alert" className={styles.alert}>
              {PASSWORD_LINK_PROBLEMS[link.state]}
            </p>
          </>
        )}
        <p className={styles.footer}>
          <Link href="/login">Sign in</Link>
          {link.state !== 'valid' && mailConfigured() ? (
            <>
              {' · '}
              <Link href="/forgot-password">Mail me a new link</Link>
            </>
          ) : null}
        </p>
      </section>
    </main>
  );
}
