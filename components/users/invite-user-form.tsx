'use client';

import { inviteUserSchema } from '@/lib/users/user-schema';
import { inviteUserAction } from '@/lib/users/user-actions';
import { FormField } from '../admin/form-field';
import { PasswordLinkOutcome } from './password-link-result';
import { CreatePanel, RoleField, useCreateWithSecret } from '../admin/create-with-secret';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

/** Creates an account and a one-time link to choose a password: mailed, or shown here once to hand over. */
export function InviteUserForm() {
  const {
    form,
    panel,
    created: invited,
  } = useCreateWithSecret(inviteUserSchema, { email: '', name: '', role: 'WRITER' }, inviteUserAction);
  const { register } = form;
  const { errors } = form.formState;

  return (
    <CreatePanel
      title="Invite a user"
      submitLabel="Invite user"
      {...panel}
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
