import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import Link from 'next/link';
import { getActor } from '@/lib/auth/get-actor';
import { mailConfigured } from '@/lib/mail/send-mail';
import { safeCallbackUrl } from '@/lib/auth/safe-callback-url';
import { LoginForm } from '@/components/auth/login-form';
import styles from '@/components/auth/auth-card.module.css';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false, follow: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  // Already signed in (and not ended by a session-version bump): nothing to do here.
  if (await getActor()) redirect(callbackUrl);
  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in</h1>
        <p className={styles.lead}>For the writers, editors and admins of Film pages.</p>
        <LoginForm callbackUrl={callbackUrl} />
        <p className={styles.footer}>
          {/* A reset by mail needs mail; without it only an admin can hand out a link. */}
          {mailConfigured() ? (
            <Link href="/forgot-password">Forgot your password?</Link>
          ) : (
            'Forgot your password? An admin can reset it for you.'
          )}
        </p>
      </section>
    </main>
  );
}
