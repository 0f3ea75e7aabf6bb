'use client';

import { signOut } from 'next-auth/react';
import ui from './ui.module.css';

export function SignOutButton() {
  return (
    <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => signOut({ callbackUrl: '/login' })}>
      Sign out
    </button>
  );
}
