'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordInput } from '@/lib/users/user-schema';
import { changePasswordAction } from '@/lib/users/account-actions';
import { FormField } from '../admin/form-field';
import { applyActionErrors } from '../editor/action-result';
import { NewPasswordFields, PasswordForm, signInAndGo } from './password-form';
import ui from '../editor/ui.module.css';

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
    await signInAndGo(email, input.newPassword, next);
  });

  return (
    <PasswordForm onSubmit={onSubmit} failure={failure} isSubmitting={isSubmitting} submitLabel="Change password" busyLabel="Saving…">
      <FormField id="currentPassword" label={forced ? 'One-time password' : 'Current password'} error={errors.currentPassword?.message}>
        {(aria) => (
          <input {...aria} {...register('currentPassword')} type="password" autoComplete="current-password" className={ui.input} />
        )}
      </FormField>
      <NewPasswordFields register={register} errors={errors} />
    </PasswordForm>
  );
}
