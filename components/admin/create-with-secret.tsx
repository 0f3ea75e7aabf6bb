import { useId, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, type DefaultValues, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ActionResult } from '@/lib/action-result';
import { FormField } from './form-field';
import { applyActionErrors } from '../editor/action-result';
import ui from '../editor/ui.module.css';
import styles from './admin.module.css';

/**
 * A form that creates something with a secret (an API token, an invited user's one-time password,
 * a webhook's signing secret), its fields those of `defaultValues`: field errors go on the fields, the rest above the button; on success the form is
 * cleared, the page's list refreshed and what was created kept to show its secret once. `panel`
 * is what CreatePanel takes of it.
 */
export function useCreateWithSecret<TInput extends FieldValues, TCreated>(
  schema: z.ZodType<TInput>,
  defaultValues: DefaultValues<TInput>,
  action: (input: TInput) => Promise<ActionResult<TCreated>>,
) {
  const form = useForm<TInput>({ resolver: zodResolver(schema as never) as never, defaultValues });
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TCreated | null>(null);
  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    setCreated(null);
    const result = await action(input);
    if (!result.ok) return setFailure(applyActionErrors(result, form.setError, Object.keys(defaultValues)));
    setCreated(result.data);
    form.reset();
    router.refresh();
  });
  return { form, panel: { onSubmit, isSubmitting: form.formState.isSubmitting, failure }, created };
}

/** An admin panel with a one-row form (its fields, then the submit button), its failure and its result. */
export function CreatePanel({
  title,
  submitLabel,
  onSubmit,
  isSubmitting,
  failure,
  result,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  isSubmitting: boolean;
  failure: string | null;
  /** The secret, once something was created. */
  result: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <form onSubmit={onSubmit} noValidate className={styles.formRow}>
        {children}
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={isSubmitting}>
          {submitLabel}
        </button>
      </form>
      {failure ? (
        <p role="alert" className={styles.alert}>
          {failure}
        </p>
      ) : null}
      {result}
    </section>
  );
}

/** The role a new user or token gets. */
export function RoleField({ id, error, registration }: { id: string; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <FormField id={id} label="Role" error={error}>
      {(aria) => (
        <select {...aria} {...registration} className={ui.input}>
          <option value="WRITER">Writer</option>
          <option value="EDITOR">Editor</option>
          <option value="ADMIN">Admin</option>
        </select>
      )}
    </FormField>
  );
}
