'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { personDatesSchema, type PersonDatesInput } from '@/lib/people/person-schema';
import { updatePersonDatesAction } from '@/lib/people/person-actions';
import { applyActionErrors } from '../editor/action-result';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

const FIELDS = ['birthDate', 'deathDate'] as const;

/** Born and died: optional calendar dates, shown on the person's reader page. */
export function PersonDatesForm({ slug, birthDate, deathDate }: { slug: string; birthDate: string; deathDate: string }) {
  const form = useForm<PersonDatesInput>({ resolver: zodResolver(personDatesSchema), defaultValues: { slug, birthDate, deathDate } });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await updatePersonDatesAction(values);
    if (result.ok) {
      setMessage({ ok: true, text: 'Saved: the person’s page shows these dates now.' });
      form.reset({ slug, birthDate: result.data.birthDate, deathDate: result.data.deathDate });
      return;
    }
    const failure = applyActionErrors(result, setError, FIELDS);
    if (failure) setMessage({ ok: false, text: failure });
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.panel} aria-label="Dates">
      <input type="hidden" {...register('slug')} />
      <FormField id="person-birth-date" label="Born" hint="Leave empty when not known." error={errors.birthDate?.message}>
        {(aria) => <input {...aria} type="date" {...register('birthDate')} className={ui.input} />}
      </FormField>
      <FormField id="person-death-date" label="Died" hint="Leave empty when not known or alive." error={errors.deathDate?.message}>
        {(aria) => <input {...aria} type="date" {...register('deathDate')} className={ui.input} />}
      </FormField>
      <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={formState.isSubmitting}>
        Save dates
      </button>
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.message : ui.error}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
