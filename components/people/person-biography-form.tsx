'use client';

import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_BIO_PARAGRAPHS,
  personBiographySchema,
  type BioParagraph,
  type PersonBiography,
  type PersonBiographyInput,
} from '@/lib/people/person-schema';
import { setPersonBiographyAction } from '@/lib/people/person-actions';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { applyActionErrors } from '../editor/action-result';
import { SpoilerLevelPicker } from '../editor/film-form/spoiler-level-picker';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';

/**
 * The biography: paragraphs in reading order, each with its spoiler level (readers below it never
 * receive the paragraph). Saved whole, live at once on the person's page.
 */
export function PersonBiographyForm({ slug, name, paragraphs }: { slug: string; name: string; paragraphs: BioParagraph[] }) {
  const form = useForm<PersonBiographyInput, unknown, PersonBiography>({
    resolver: zodResolver(personBiographySchema),
    defaultValues: { slug, paragraphs },
  });
  const { register, handleSubmit, setError, formState, control } = form;
  const { errors } = formState;
  const list = useFieldArray({ control, name: 'paragraphs' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const fields = list.fields.map((_, i) => `paragraphs.${i}.text`);

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    const result = await setPersonBiographyAction(values);
    if (result.ok) {
      setMessage({ ok: true, text: `Saved: ${name}’s page shows this biography now, each paragraph from its level up.` });
      form.reset({ slug, paragraphs: result.data.paragraphs });
      return;
    }
    const failure = applyActionErrors(result, setError, [...fields, 'paragraphs']);
    if (failure) setMessage({ ok: false, text: failure });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className={styles.panel} aria-label="Biography">
        <h2>Biography</h2>
        <p className={ui.hint}>
          One paragraph per idea. A paragraph that tells how a film ends, or anything a reader should discover in it, gets a level above
          None: readers below its level never receive it.
        </p>
        <input type="hidden" {...register('slug')} />
        {list.fields.map((field, i) => (
          <fieldset key={field.id} className={styles.panel} aria-label={`Paragraph ${i + 1}`}>
            <FormField id={`bio-${i}`} label={`Paragraph ${i + 1}`} error={errors.paragraphs?.[i]?.text?.message}>
              {(aria) => <textarea {...aria} rows={4} {...register(`paragraphs.${i}.text`)} className={ui.input} />}
            </FormField>
            <SpoilerLevelPicker name={`paragraphs.${i}.spoiler`} label={`Spoiler level of paragraph ${i + 1}`} />
            <div>
              <button type="button" className={ui.button} onClick={() => list.move(i, i - 1)} disabled={i === 0}>
                Move up
              </button>{' '}
              <button type="button" className={ui.button} onClick={() => list.remove(i)}>
                Remove paragraph {i + 1}
              </button>
            </div>
          </fieldset>
        ))}
        {errors.paragraphs?.message ? <p className={ui.error}>{errors.paragraphs.message}</p> : null}
        <div>
          <button
            type="button"
            className={ui.button}
            onClick={() => list.append({ text: '', spoiler: DEFAULT_ITEM_LEVEL })}
            disabled={list.fields.length >= MAX_BIO_PARAGRAPHS}
          >
            Add a paragraph
          </button>{' '}
          <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={formState.isSubmitting}>
            Save biography
          </button>
        </div>
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.message : ui.error}>
            {message.text}
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}
