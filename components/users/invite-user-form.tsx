'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteUserSchema, type InviteUserInput } from '@/lib/users/user-schema';
import { inviteUserAction } from '@/lib/users/user-actions';
import { FormField } from '../admin/form-field';
import { PasswordLinkOutcome } from './password-link-result';
import { CreatePanel, RoleField, useCreateWithSecret } from '../admin/create-with-secret';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const FIELDS = ['email', 'name', 'role'] as const;

/** Creates an account and a one-time link to choose a password: mailed, or shown here once to hand over. */
export function InviteUserForm() {
  const form = useForm<InviteUserInput>({
    resolver: zodResolver(inviteUserSchema),
    defaultValues: { email: '', name: '', role: 'EDITOR' },
  });
  const { register, formState } = form;
  const { errors } = formState;
  const { onSubmit, failure, created: invited } = useCreateWithSecret(form, inviteUserAction, FIELDS);

  return (
    <CreatePanel
      titleId="invite-title"
      title="Invite a user"
      submitLabel="Invite user"
      onSubmit={onSubmit}
      isSubmitting={formState.isSubmitting}
      failure={failure}
      result={invited ? <PasswordLinkOutcome result={invited} what="invite" /> : null}
    >
      <FormField id="invite-email" label="Email" error={errors.email?.message} className={styles.grow}>
        {(aria) => <input {...aria} {...register('email')} type="email" autoComplete="off" className={ui.input} />}
      </FormField>
      <FormField id="invite-name" label="Name (optional)" error={errors.name?.message} className={styles.grow}>
        {(aria) => <input {...aria} {...register('name')} autoComplete="off" className={ui.input} />}
      </FormField>
      <RoleField id="invite-role" error={errors.role?.message} registration={register('role')} />
    </CreatePanel>
  );
}
