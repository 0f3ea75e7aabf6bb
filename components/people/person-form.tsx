'use client';

import { useCallback, useMemo, useState } from 'react';
import Link from 'next/link';
import { FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_BIO_PARAGRAPHS,
  personContentSchema,
  type PersonContent,
  type PersonContentInput,
  type PersonWorkInProgress,
} from '@/lib/people/person-schema';
import { discardPersonAutosaveAction, savePersonAction, savePersonAutosaveAction } from '@/lib/people/person-actions';
import type { PersonSaveConflict } from '@/lib/people/save-person';
import type { PersonAutosaveSlot } from '@/lib/people/person-autosave';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { ImageDropzone } from '../media/image-dropzone';
import { MediaPicker } from '../media/media-picker';
import { ActionFailure, placeFieldErrors, unwrap } from '../editor/action-result';
import { SpoilerLevelPicker } from '../editor/film-form/spoiler-level-picker';
import { RestoreBanner } from '../editor/film-form/restore-banner';
import { FormWatcher } from '../editor/film-form/form-watcher';
import { useAutosaveSlot, type AutosaveState } from '../editor/use-autosave-slot';
import { useLeaveGuard } from '../editor/film-form/use-leave-guard';
import { FormField } from '../admin/form-field';
import { LocalDate } from './local-date';
import { PersonConflict } from './person-conflict';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';
import photoStyles from '@/components/media/image-with-fields.module.css';

type Message = { ok: boolean; text: string } | null;

/** Work in progress as the form's values (a slot holds the same fields, possibly not valid yet). */
const asValues = (content: PersonContent | PersonWorkInProgress): PersonContentInput => ({
  birthDate: content.birthDate,
  deathDate: content.deathDate,
  photo: content.photo,
  biography: content.biography.map(({ text, spoiler }) => ({ text, spoiler })),
});

/** What the autosave slot stores of the form's values. */
function normalize(values: unknown): PersonWorkInProgress {
  const v = values as PersonContentInput;
  return {
    birthDate: v.birthDate ?? '',
    deathDate: v.deathDate ?? '',
    photo: v.photo ? { image: v.photo.image, alt: v.photo.alt ?? '' } : null,
    biography: (v.biography ?? []).map(({ text, spoiler }) => ({ text, spoiler: spoiler ?? DEFAULT_ITEM_LEVEL })),
  };
}

function autosaveText(state: AutosaveState): string {
  switch (state.phase) {
    case 'waiting':
      return 'Unsaved changes';
    case 'saving':
      return 'Autosaving…';
    case 'saved':
      return 'Unsaved changes, autosaved: a reload keeps them';
    case 'failed':
      return `Autosave failed: ${state.message}`;
    case 'paused':
      return 'Not autosaving while your earlier unsaved changes are on offer';
    default:
      return '';
  }
}

/**
 * The one person form: photo (upload or library, with alt text), born and died (ISO date inputs,
 * shown back in the user's own date format), and the biography's paragraphs, each at its spoiler
 * level, moved up and down. One Save makes the next revision of the person's profile, live at
 * once; work in progress is autosaved into the user's slot (the film editor's mechanism,
 * components/editor/use-autosave-slot.ts) and offered back after a reload.
 */
export function PersonForm({
  slug,
  name,
  latestRevision,
  content,
  autosave,
}: {
  slug: string;
  name: string;
  latestRevision: number;
  content: PersonContent;
  autosave: PersonAutosaveSlot | null;
}) {
  const [base, setBase] = useState({ revision: latestRevision, content });
  const [offer, setOffer] = useState<PersonAutosaveSlot | null>(autosave);
  const [message, setMessage] = useState<Message>(null);
  // Whether the form differs from its last revision: leaving then asks first, as the film editor does.
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);
  // A refused save: the newer revision and what this form sent, for the merge.
  const [conflict, setConflict] = useState<(PersonSaveConflict & { mine: PersonContent }) | null>(null);
  const form = useForm<PersonContentInput, unknown, PersonContent>({
    resolver: zodResolver(personContentSchema),
    defaultValues: asValues(content),
  });
  const { register, handleSubmit, setError, setValue, formState, control, reset } = form;
  const { errors } = formState;
  const list = useFieldArray({ control, name: 'biography' });
  const photo = useWatch({ control, name: 'photo' });
  const birthDate = useWatch({ control, name: 'birthDate' });
  const deathDate = useWatch({ control, name: 'deathDate' });

  const write = useCallback(
    async (work: PersonWorkInProgress) => unwrap(await savePersonAutosaveAction({ slug, baseRevision: base.revision, content: work })),
    [slug, base.revision],
  );
  const empty = useCallback(async () => unwrap(await discardPersonAutosaveAction({ slug })), [slug]);
  const baselineValues = useMemo(() => asValues(base.content), [base.content]);
  const slot = useAutosaveSlot({
    write,
    empty,
    normalize,
    baseline: baselineValues,
    enabled: offer === null,
    slotInitiallyFull: autosave !== null,
  });

  // The server names fields inside the save's `content`; the form's fields are the content's own.
  const fieldFor = (path: string): Path<PersonContentInput> | null => {
    const field = path.replace(/^content\./u, '');
    return /^(birthDate|deathDate|photo|photo\.image|photo\.alt|biography|biography\.\d+\.(text|spoiler))$/u.test(field)
      ? (field as Path<PersonContentInput>)
      : null;
  };

  async function save(values: PersonContent, baseRevision: number) {
    setMessage(null);
    try {
      const saved = unwrap(await savePersonAction({ slug, baseRevision, content: values }));
      setConflict(null);
      setBase({ revision: saved.revision.number, content: saved.content });
      reset(asValues(saved.content));
      slot.revisionSaved();
      setMessage({ ok: true, text: `Saved as revision ${saved.revision.number}: ${name}’s page shows it now.` });
    } catch (error) {
      if (error instanceof ActionFailure && error.status === 409) {
        setConflict({ ...(error.details as PersonSaveConflict), mine: values });
        setMessage(null);
        return;
      }
      if (error instanceof ActionFailure && error.status === 400 && error.errors.length > 0) {
        const elsewhere = placeFieldErrors(error.errors, setError, fieldFor);
        setMessage({ ok: false, text: elsewhere.length ? elsewhere.map((e) => e.message).join(' ') : 'Not saved: see the marked fields.' });
        return;
      }
      setMessage({ ok: false, text: `Not saved: ${error instanceof Error ? error.message : 'the server did not answer'}` });
    }
  }

  const onSubmit = handleSubmit((values) => save(values, base.revision));
  // Saving from the conflict panel, outside the form's own submit.
  const [saving, setSaving] = useState(false);
  async function saveOnTop(values: PersonContent, revision: number) {
    setSaving(true);
    try {
      await save(values, revision);
    } finally {
      setSaving(false);
    }
  }

  function restoreOffer() {
    if (!offer) return;
    reset(asValues(base.content));
    const values = asValues(offer.content as PersonContent);
    for (const key of ['birthDate', 'deathDate', 'photo', 'biography'] as const) setValue(key, values[key] as never, { shouldDirty: true });
    // Saving it is checked against the revision it started from: a newer one is a conflict, not an overwrite.
    setBase((current) => ({ ...current, revision: Math.min(current.revision, offer.baseRevision) }));
    setOffer(null);
  }

  async function discardOffer() {
    setOffer(null);
    await slot.clear();
  }

  return (
    <FormProvider {...form}>
      {offer ? (
        <RestoreBanner
          savedAt={offer.savedAt}
          baseRevision={offer.baseRevision}
          latestRevision={base.revision}
          onRestore={restoreOffer}
          onDiscard={() => void discardOffer()}
        />
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label={`About ${name}`}>
        <FormWatcher baseline={baselineValues} onDirtyChange={setDirty} onChange={slot.schedule} />
        <section className={styles.panel} aria-labelledby="person-photo-title">
          <h2 id="person-photo-title">Photo</h2>
          {photo ? (
            <div className={photoStyles.image}>
              <MediaThumbnail image={photo.image} alt="" className={photoStyles.thumbnail} />
              <div className={photoStyles.fields}>
                <FormField
                  id="person-photo-alt"
                  label="Alt text"
                  hint={`What the photo shows, for readers who cannot see it (e.g. “${name} smiling at a premiere”).`}
                  error={errors.photo?.alt?.message}
                >
                  {(aria) => <input {...aria} {...register('photo.alt')} className={ui.input} />}
                </FormField>
                <div className={photoStyles.buttons}>
                  <button type="button" className={ui.button} onClick={() => setValue('photo', null, { shouldDirty: true })}>
                    Remove photo
                  </button>
                </div>
              </div>
            </div>
          ) : (
            <>
              <ImageDropzone
                label="Upload photo"
                onUploaded={(uploaded) => setValue('photo', { image: uploaded.id, alt: '' }, { shouldDirty: true })}
              />
              <MediaPicker
                label="Photo from the library"
                onPicked={(picked) => setValue('photo', { image: picked.id, alt: '' }, { shouldDirty: true })}
              />
            </>
          )}
          {errors.photo?.image?.message ? <p className={ui.error}>{errors.photo.image.message}</p> : null}
        </section>

        <section className={styles.panel} aria-labelledby="person-dates-title">
          <h2 id="person-dates-title">Dates</h2>
          <FormField id="person-birth-date" label="Born" hint="Leave empty when not known." error={errors.birthDate?.message}>
            {(aria) => <input {...aria} type="date" {...register('birthDate')} className={ui.input} />}
          </FormField>
          {birthDate ? (
            <p className={ui.hint}>
              Born <LocalDate iso={birthDate} />
            </p>
          ) : null}
          <FormField id="person-death-date" label="Died" hint="Leave empty when not known or alive." error={errors.deathDate?.message}>
            {(aria) => <input {...aria} type="date" {...register('deathDate')} className={ui.input} />}
          </FormField>
          {deathDate ? (
            <p className={ui.hint}>
              Died <LocalDate iso={deathDate} />
            </p>
          ) : null}
        </section>

        <section className={styles.panel} aria-labelledby="person-biography-title">
          <h2 id="person-biography-title">Biography</h2>
          <p className={ui.hint}>
            One paragraph per idea. A paragraph that tells how a film ends, or anything a reader should discover in it, gets a level above
            None: readers below its level never receive it.
          </p>
          {list.fields.map((field, i) => (
            <fieldset key={field.id} className={styles.panel} aria-label={`Paragraph ${i + 1}`}>
              <FormField id={`bio-${i}`} label={`Paragraph ${i + 1}`} error={errors.biography?.[i]?.text?.message}>
                {(aria) => <textarea {...aria} rows={4} {...register(`biography.${i}.text`)} className={ui.input} />}
              </FormField>
              <SpoilerLevelPicker name={`biography.${i}.spoiler`} label={`Spoiler level of paragraph ${i + 1}`} />
              <div className={photoStyles.buttons}>
                {/* Named with the visible words first, so "click Move up" (speech input) finds it. */}
                <button
                  type="button"
                  className={ui.button}
                  onClick={() => list.move(i, i - 1)}
                  disabled={i === 0}
                  aria-label={`Move up: paragraph ${i + 1}`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className={ui.button}
                  onClick={() => list.move(i, i + 1)}
                  disabled={i === list.fields.length - 1}
                  aria-label={`Move down: paragraph ${i + 1}`}
                >
                  Move down
                </button>
                <button type="button" className={ui.button} onClick={() => list.remove(i)}>
                  Remove paragraph {i + 1}
                </button>
              </div>
            </fieldset>
          ))}
          {errors.biography?.message ? <p className={ui.error}>{errors.biography.message}</p> : null}
          <button
            type="button"
            className={ui.button}
            onClick={() => list.append({ text: '', spoiler: DEFAULT_ITEM_LEVEL })}
            disabled={list.fields.length >= MAX_BIO_PARAGRAPHS}
          >
            Add a paragraph
          </button>
        </section>

        <div className={styles.panel}>
          <div className={photoStyles.buttons}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={formState.isSubmitting}>
              Save
            </button>
            <Link className={ui.button} href={`/editor/people/${slug}/history`}>
              History ({base.revision} {base.revision === 1 ? 'revision' : 'revisions'})
            </Link>
          </div>
          {/* Announced politely, but not a status: the save's own message is the form's status. */}
          <p className={ui.hint} aria-live="polite" data-testid="autosave-state">
            {autosaveText(slot.state)}
          </p>
          {message ? (
            <p role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.message : ui.error}>
              {message.text}
            </p>
          ) : null}
          {conflict ? (
            <PersonConflict
              slug={slug}
              conflict={conflict}
              mine={conflict.mine}
              busy={formState.isSubmitting || saving}
              onSaveMerged={(merged) => void saveOnTop(merged, conflict.current.number)}
              onReplaceTheirs={() => void handleSubmit((values) => saveOnTop(values, conflict.current.number))()}
              onReloadTheirs={() => {
                setBase({ revision: conflict.current.number, content: conflict.current.content });
                reset(asValues(conflict.current.content));
                setConflict(null);
                setMessage(null);
              }}
            />
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}
