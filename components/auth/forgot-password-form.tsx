'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { requestPasswordResetSchema, type RequestPasswordResetInput } from '@/lib/users/user-schema';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from './auth-card.module.css';

type Body = { message?: string; error?: string; detail?: string; errors?: Array<{ path: string; message: string }> };

/**
 * "Forgot your password?": the address to mail a reset link to (POST /api/password-reset). The
 * server answers the same whether or not the address has an account, and so does this form.
 */
export function ForgotPasswordForm() {
  const [outcome, setOutcome] = useState<{ tone: 'sent' | 'failure'; text: string } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordResetInput>({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email: '' } });

  // Focus the outcome so keyboard and screen-reader users hear it.
  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const onSubmit = handleSubmit(async (input) => {
    setOutcome(null);
    const response = await fetch('/api/password-reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    }).catch(() => null);
    if (!response) return setOutcome({ tone: 'failure', text: 'Could not reach the server. Try again.' });
    const body = (await response.json().catch(() => ({}))) as Body;
    if (response.ok) return setOutcome({ tone: 'sent', text: body.message ?? 'Check your inbox.' });
    const emailError = body.errors?.find((e) => e.path === 'email');
    if (emailError) return setError('email', { message: emailError.message });
    setOutcome({ tone: 'failure', text: body.detail ?? body.error ?? 'The request could not be sent. Try again.' });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} method="post" noValidate>
      {outcome ? (
        <p
          ref={messageRef}
          tabIndex={-1}
          role={outcome.tone === 'sent' ? 'status' : 'alert'}
          className={outcome.tone === 'sent' ? styles.notice : styles.alert}
        >
          {outcome.text}
        </p>
      ) : null}
      <FormField id="email" label="Email" hint="The address you sign in with." error={errors.email?.message}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="username" className={ui.input} autoFocus />}
      </FormField>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send me a link'}
      </button>
    </form>
  );
}
