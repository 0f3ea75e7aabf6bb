'use client';

import { createTokenSchema } from '@/lib/tokens/token-schema';
import { createTokenAction } from '@/lib/tokens/token-actions';
import { FormField } from '../admin/form-field';
import { OneTimeSecret } from '../admin/one-time-secret';
import { CreatePanel, RoleField, useCreateWithSecret } from '../admin/create-with-secret';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

/**
 * Creates an API token; its secret is shown here once and only its hash is kept. `revoked`: the
 * prefixes of revoked tokens, so a secret revoked right after it was made leaves the screen.
 */
export function CreateTokenForm({ revoked = [] }: { revoked?: string[] }) {
  const { form, panel, created } = useCreateWithSecret(createTokenSchema, { name: '', role: 'EDITOR' }, createTokenAction);
  const { register } = form;
  const { errors } = form.formState;

  return (
    <CreatePanel
      title="Create a token"
      submitLabel="Create token"
      {...panel}
      result={
        created && revoked.includes(created.prefix) ? (
          <p className={styles.message}>Token “{created.name}” is revoked: its secret no longer works.</p>
        ) : created ? (
          <OneTimeSecret label={`Token “${created.name}”`} secret={created.secret}>
            <p className={styles.message}>
              Send it as <code>Authorization: Bearer …</code>. It acts with its role, never above yours.
            </p>
          </OneTimeSecret>
        ) : null
      }
    >
      <FormField
        id="token-name"
        label="Name"
        hint="What uses it, e.g. “import script”."
        error={errors.name?.message}
        className={styles.grow}
      >
        {(aria) => <input {...aria} {...register('name')} autoComplete="off" className={ui.input} />}
      </FormField>
      <RoleField id="token-role" error={errors.role?.message} registration={register('role')} />
    </CreatePanel>
  );
}
