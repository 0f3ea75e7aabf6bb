'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { signIn } from 'next-auth/react';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from './auth-card.module.css';

/**
 * A form that sends a password: POST, never GET (submitted before the page's JavaScript runs, the
 * password must not reach the address bar, the history or server logs), its failure above the
 * fields and focused, so keyboard and screen-reader users learn why nothing happened.
 */
export function PasswordForm({
  onSubmit,
  failure,
  isSubmitting,
  submitLabel,
  busyLabel,
  children,
}: {
  onSubmit: () => void;
  failure: string | null;
  isSubmitting: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  return (
    <form className={styles.form} onSubmit={onSubmit} method="post" noValidate>
      {failure ? (
        <p ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
          {failure}
        </p>
      ) : null}
      {children}
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** The new password, twice. */
export function NewPasswordFields({
  register,
  errors,
  autoFocus,
}: {
  register: (name: 'newPassword' | 'confirmPassword') => UseFormRegisterReturn;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormField id="newPassword" label="New password" hint="At least 12 characters." error={errors.newPassword?.message}>
        {(aria) => (
          <input
            {...aria}
            {...register('newPassword')}
            type="password"
            autoComplete="new-password"
            className={ui.input}
            autoFocus={autoFocus}
          />
        )}
      </FormField>
      <FormField id="confirmPassword" label="Repeat the new password" error={errors.confirmPassword?.message}>
        {(aria) => <input {...aria} {...register('confirmPassword')} type="password" autoComplete="new-password" className={ui.input} />}
      </FormField>
    </>
  );
}

/** Signs in with the password just set, then a full load of `next` (every server component sees the session); /login when that fails. */
export async function signInAndGo(email: string, password: string, next: string) {
  const signedIn = await signIn('credentials', { redirect: false, email, password }).catch(() => null);
  window.location.assign(signedIn?.ok && !signedIn.error ? next : `/login?callbackUrl=${encodeURIComponent(next)}`);
}
