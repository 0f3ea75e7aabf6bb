import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { SignOutEverywhereButton } from '@/components/auth/sign-out-everywhere-button';
import { SignOutButton } from '@/components/editor/sign-out-button';
import styles from '@/components/auth/auth-card.module.css';

export const metadata: Metadata = { title: 'Your account', robots: { index: false, follow: false } };

/**
 * The signed-in user's own account. Outside the editor layout on purpose: a user who must change
 * a one-time password is sent here by that layout, and can do nothing else until they have.
 */
export default async function AccountPage() {
  const actor = await getActor();
  if (!actor || actor.via !== 'session') redirect(await signInAddress());
  const forced = Boolean(actor.mustChangePassword);
  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="account-title">
        <h1 id="account-title">{forced ? 'Choose your password' : 'Your account'}</h1>
        <p className={styles.lead}>
          {forced
            ? `You signed in as ${actor.label} with a one-time password. Choose your own to continue.`
            : `Signed in as ${actor.label}.`}
        </p>
        <ChangePasswordForm email={actor.label} forced={forced} next="/editor" />
        {forced ? null : (
          <div className={styles.section}>
            <h2>Sessions</h2>
            <p className={styles.lead}>Signs this account out of every browser and device, this one included.</p>
            <SignOutEverywhereButton />
          </div>
        )}
        <p className={styles.footer}>{forced ? <SignOutButton /> : <Link href="/editor">Back to the editor</Link>}</p>
      </section>
    </main>
  );
}
