'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import type { z } from 'zod';
import { signInSchema } from '@/lib/users/user-schema';
import { signInErrorMessage } from '@/lib/auth/sign-in-errors';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import { PasswordForm } from './password-form';

type SignInInput = z.input<typeof signInSchema>;

/** Email and password through next-auth's credentials provider; then on to `callbackUrl`. */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const result = await signIn('credentials', { redirect: false, email, password, callbackUrl }).catch(() => null);
    if (!result?.ok || result.error) {
      setFailure(result ? signInErrorMessage(result.error) : 'Could not reach the server. Try again.');
      return;
    }
    // A full load, so every server component sees the new session cookie.
    window.location.assign(callbackUrl);
  });

  return (
    <PasswordForm onSubmit={onSubmit} failure={failure} isSubmitting={isSubmitting} submitLabel="Sign in" busyLabel="Signing in…">
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="username" className={ui.input} autoFocus />}
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        {(aria) => <input {...aria} {...register('password')} type="password" autoComplete="current-password" className={ui.input} />}
      </FormField>
    </PasswordForm>
  );
}
