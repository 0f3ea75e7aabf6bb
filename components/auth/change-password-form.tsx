'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import { changePasswordSchema, type ChangePasswordInput } from '@/lib/users/user-schema';
import { changePasswordAction } from '@/lib/users/account-actions';
import { FormField } from '../admin/form-field';
import { applyActionErrors } from '../editor/action-result';
import ui from '../editor/ui.module.css';
import styles from './auth-card.module.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Changing the password ends every session of the account, this one included, so the form signs
 * in again with the new password before going on: the user is never thrown out mid-way.
 */
export function ChangePasswordForm({ email, forced, next }: { email: string; forced: boolean; next: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    const result = await changePasswordAction(input);
    if (!result.ok) return setFailure(applyActionErrors(result, setError, FIELDS));
    const signedIn = await signIn('credentials', { redirect: false, email, password: input.newPassword }).catch(() => null);
    window.location.assign(signedIn?.ok && !signedIn.error ? next : `/login?callbackUrl=${encodeURIComponent(next)}`);
  });

  return (
    // POST, never GET: if the form is submitted before the page's JavaScript runs, the password
    // must not end up in the address bar, the history or server logs.
    <form className={styles.form} onSubmit={onSubmit} method="post" noValidate>
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      <FormField id="currentPassword" label={forced ? 'One-time password' : 'Current password'} error={errors.currentPassword?.message}>
        {(aria) => (
          <input {...aria} {...register('currentPassword')} type="password" autoComplete="current-password" className={ui.input} />
        )}
      </FormField>
      <FormField id="newPassword" label="New password" hint="At least 12 characters." error={errors.newPassword?.message}>
        {(aria) => <input {...aria} {...register('newPassword')} type="password" autoComplete="new-password" className={ui.input} />}
      </FormField>
      <FormField id="confirmPassword" label="Repeat the new password" error={errors.confirmPassword?.message}>
        {(aria) => <input {...aria} {...register('confirmPassword')} type="password" autoComplete="new-password" className={ui.input} />}
      </FormField>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
