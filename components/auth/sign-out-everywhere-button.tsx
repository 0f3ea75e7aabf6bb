'use client';

import { useState } from 'react';
import { signOut } from 'next-auth/react';
import { signOutEverywhereAction } from '@/lib/users/account-actions';
import ui from '../editor/ui.module.css';
import styles from './auth-card.module.css';

/** Ends every session of this account (other browsers, a lost laptop), then this one. */
export function SignOutEverywhereButton() {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.danger}`}
        disabled={pending}
        onClick={async () => {
          setPending(true);
          const result = await signOutEverywhereAction({ confirm: true });
          if (!result.ok) {
            setPending(false);
            return setFailure(result.error);
          }
          await signOut({ callbackUrl: '/login' });
        }}
      >
        Sign out everywhere
      </button>
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
    </>
  );
}
