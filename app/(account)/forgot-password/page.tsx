import type { Metadata } from 'next';
import Link from 'next/link';
import { mailConfigured } from '@/lib/mail/send-mail';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';
import styles from '@/components/auth/auth-card.module.css';

// Per request: whether mail is configured is the running server's setting, not the build's.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Forgot your password?', robots: { index: false, follow: false } };

/** "Forgot your password?": a reset link by mail when mail is configured; else who can help. */
export default function ForgotPasswordPage() {
  const byMail = mailConfigured();
  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        {byMail ? (
          <>
            <p className={styles.lead}>Type the address you sign in with: we mail you a link to choose a new password.</p>
            <ForgotPasswordForm />
          </>
        ) : (
          <p className={styles.lead}>This site sends no mail: an admin can reset your password and give you a link.</p>
        )}
        <p className={styles.footer}>
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    </main>
  );
}
