'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signIn } from 'next-auth/react';
import type { z } from 'zod';
import { signInSchema } from '@/lib/users/user-schema';
import { signInErrorMessage } from '@/lib/auth/sign-in-errors';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from './auth-card.module.css';

type SignInInput = z.input<typeof signInSchema>;

/** Email and password through next-auth's credentials provider; then on to `callbackUrl`. */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  // Move focus to the message so keyboard and screen-reader users learn why nothing happened.
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

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
    // POST, never GET: if the form is submitted before the page's JavaScript runs, the password
    // must not end up in the address bar, the history or server logs.
    <form className={styles.form} onSubmit={onSubmit} method="post" noValidate>
      {failure ? (
        <p ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
          {failure}
        </p>
      ) : null}
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="username" className={ui.input} autoFocus />}
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        {(aria) => <input {...aria} {...register('password')} type="password" autoComplete="current-password" className={ui.input} />}
      </FormField>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
