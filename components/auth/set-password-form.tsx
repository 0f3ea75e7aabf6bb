'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { setPasswordSchema, type SetPasswordInput } from '@/lib/users/user-schema';
import { NewPasswordFields, PasswordForm, signInAndGo } from './password-form';

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
    await signInAndGo(email, input.newPassword, '/editor');
  });

  return (
    <PasswordForm
      onSubmit={onSubmit}
      failure={failure}
      isSubmitting={isSubmitting}
      submitLabel="Set password and sign in"
      busyLabel="Saving…"
    >
      <input type="hidden" {...register('token')} />
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <NewPasswordFields register={register} errors={errors} autoFocus />
    </PasswordForm>
  );
}
