'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { setPasswordSchema, type SetPasswordInput } from '@/lib/users/user-schema';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from './auth-card.module.css';

type ErrorBody = { error?: string; errors?: Array<{ path: string; message: string }> };

/**
 * Chooses the password at a one-time link (POST /api/password-link), then signs in with it and
 * goes to the editor. A used or expired link (another tab, a slow inbox) says so here too.
 */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    const response = await fetch('/api/password-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    }).catch(() => null);
    if (!response) return setFailure('Could not reach the server. Try again.');
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as ErrorBody;
      const fieldErrors = (body.errors ?? []).filter((e) => e.path === 'newPassword' || e.path === 'confirmPassword');
      for (const e of fieldErrors) setError(e.path as 'newPassword' | 'confirmPassword', { message: e.message });
      if (fieldErrors.length === 0) setFailure(body.error ?? 'The password could not be set. Try again.');
      return;
    }
    const signedIn = await signIn('credentials', { redirect: false, email, password: input.newPassword }).catch(() => null);
    window.location.assign(signedIn?.ok && !signedIn.error ? '/editor' : '/login?callbackUrl=/editor');
  });

  return (
    // POST, never GET: submitted before the page's JavaScript runs, the password must not reach the address bar.
    <form className={styles.form} onSubmit={onSubmit} method="post" noValidate>
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      <input type="hidden" {...register('token')} />
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <FormField id="newPassword" label="New password" hint="At least 12 characters." error={errors.newPassword?.message}>
        {(aria) => (
          <input {...aria} {...register('newPassword')} type="password" autoComplete="new-password" className={ui.input} autoFocus />
        )}
      </FormField>
      <FormField id="confirmPassword" label="Repeat the new password" error={errors.confirmPassword?.message}>
        {(aria) => <input {...aria} {...register('confirmPassword')} type="password" autoComplete="new-password" className={ui.input} />}
      </FormField>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Set password and sign in'}
      </button>
    </form>
  );
}
