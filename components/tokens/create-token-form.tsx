'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createTokenSchema, type CreateTokenInput } from '@/lib/tokens/token-schema';
import { createTokenAction } from '@/lib/tokens/token-actions';
import { FormField } from '../admin/form-field';
import { OneTimeSecret } from '../admin/one-time-secret';
import { applyActionErrors } from '../admin/action-error';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const FIELDS = ['name', 'role'] as const;

/** Creates an API token; its secret is shown here once and only its hash is kept. */
export function CreateTokenForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateTokenInput>({ resolver: zodResolver(createTokenSchema), defaultValues: { name: '', role: 'EDITOR' } });

  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    setCreated(null);
    const result = await createTokenAction(input);
    if (!result.ok) return setFailure(applyActionErrors(result, setError, FIELDS));
    setCreated(result.data);
    reset();
    router.refresh();
  });

  return (
    <section className={styles.panel} aria-labelledby="create-token-title">
      <h2 id="create-token-title">Create a token</h2>
      <form onSubmit={onSubmit} noValidate className={styles.formRow}>
        <FormField id="token-name" label="Name" hint="What uses it, e.g. “import script”." error={errors.name?.message} className={styles.grow}>
          {(aria) => <input {...aria} {...register('name')} autoComplete="off" className={ui.input} />}
        </FormField>
        <FormField id="token-role" label="Role" error={errors.role?.message}>
          {(aria) => (
            <select {...aria} {...register('role')} className={ui.input}>
              <option value="EDITOR">Editor</option>
              <option value="ADMIN">Admin</option>
            </select>
          )}
        </FormField>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
          Create token
        </button>
      </form>
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      {created ? (
        <OneTimeSecret label={`Token “${created.name}”`} secret={created.secret}>
          <p className={styles.message}>
            Send it as <code>Authorization: Bearer …</code>. It acts with its role, never above yours.
          </p>
        </OneTimeSecret>
      ) : null}
    </section>
  );
}
