'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteUserSchema, type InviteUserInput } from '@/lib/users/user-schema';
import { inviteUserAction } from '@/lib/users/user-actions';
import { FormField } from '../admin/form-field';
import { OneTimeSecret } from '../admin/one-time-secret';
import { applyActionErrors } from '../admin/action-error';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const FIELDS = ['email', 'name', 'role'] as const;

/** Creates an account with a one-time password, shown here once for the admin to hand over. */
export function InviteUserForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [invited, setInvited] = useState<{ email: string; oneTimePassword: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteUserInput>({ resolver: zodResolver(inviteUserSchema), defaultValues: { email: '', name: '', role: 'EDITOR' } });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    setInvited(null);
    const result = await inviteUserAction(input);
    if (!result.ok) return setFailure(applyActionErrors(result, setError, FIELDS));
    setInvited(result.data);
    reset();
    router.refresh();
  });

  return (
    <section className={styles.panel} aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a user</h2>
      <form onSubmit={onSubmit} noValidate className={styles.formRow}>
        <FormField id="invite-email" label="Email" error={errors.email?.message} className={styles.grow}>
          {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="off" className={ui.input} />}
        </FormField>
        <FormField id="invite-name" label="Name (optional)" error={errors.name?.message} className={styles.grow}>
          {(aria) => <input {...aria} {...register('name')} autoComplete="off" className={ui.input} />}
        </FormField>
        <FormField id="invite-role" label="Role" error={errors.role?.message}>
          {(aria) => (
            <select {...aria} {...register('role')} className={ui.input}>
              <option value="EDITOR">Editor</option>
              <option value="ADMIN">Admin</option>
            </select>
          )}
        </FormField>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
          Invite user
        </button>
      </form>
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      {invited ? (
        <OneTimeSecret label={`One-time password for ${invited.email}`} secret={invited.oneTimePassword}>
          <p className={styles.message}>Give it to them privately; they choose their own password when they first sign in.</p>
        </OneTimeSecret>
      ) : null}
    </section>
  );
}
