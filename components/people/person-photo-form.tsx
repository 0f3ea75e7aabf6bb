'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { personPhotoSchema, type PersonPhotoInput } from '@/lib/people/person-schema';
import { setPersonPhotoAction } from '@/lib/people/person-actions';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { ImageDropzone } from '../media/image-dropzone';
import { MediaPicker } from '../media/media-picker';
import { applyActionErrors } from '../editor/action-result';
import { FormField } from '../admin/form-field';
import ui from '../editor/ui.module.css';
import styles from '../admin/admin.module.css';
import photoStyles from './person-photo-form.module.css';

type Photo = { image: string; alt: string } | null;
const FIELDS = ['image', 'alt'] as const;

/**
 * The person's photo: upload one by drag and drop or file choice (with progress) or reuse one from
 * the media library, give it alt text
 * (required) and save; or remove it. Saving goes through a guarded, audited server action, and
 * the reader page shows the photo at once.
 */
export function PersonPhotoForm({ slug, name, photo }: { slug: string; name: string; photo: Photo }) {
  const [saved, setSaved] = useState<Photo>(photo);
  const form = useForm<PersonPhotoInput>({
    resolver: zodResolver(personPhotoSchema),
    defaultValues: { slug, image: photo?.image ?? null, alt: photo?.alt ?? '' },
  });
  const { register, handleSubmit, setError, setValue, formState, control } = form;
  const { errors } = formState;
  const image = useWatch({ control, name: 'image' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(values: PersonPhotoInput, done: string) {
    setMessage(null);
    const result = await setPersonPhotoAction(values);
    if (result.ok) {
      const now = result.data.image ? { image: result.data.image, alt: result.data.alt } : null;
      setSaved(now);
      form.reset({ slug, image: now?.image ?? null, alt: now?.alt ?? '' });
      setMessage({ ok: true, text: done });
      return;
    }
    const failure = applyActionErrors(result, setError, FIELDS);
    if (failure) setMessage({ ok: false, text: failure });
  }

  const onSubmit = handleSubmit((values) => save(values, 'Saved: the person’s page shows this photo now.'));

  function remove() {
    if (!saved) {
      // Only uploaded here, never saved: nothing on the site to change.
      form.reset({ slug, image: null, alt: '' });
      setMessage(null);
      return;
    }
    void save({ slug, image: null, alt: '' }, 'Removed: the person’s page shows their initials now.');
  }

  return (
    <form onSubmit={onSubmit} noValidate className={styles.panel} aria-label="Photo">
      <h2>Photo</h2>
      {image ? (
        <div className={photoStyles.photo}>
          <MediaThumbnail image={image} alt="" className={photoStyles.thumbnail} />
          <div className={photoStyles.fields}>
            <FormField
              id="person-photo-alt"
              label="Alt text"
              hint={`What the photo shows, for readers who cannot see it (e.g. “${name} smiling at a premiere”).`}
              error={errors.alt?.message}
            >
              {(aria) => <input {...aria} {...register('alt')} className={ui.input} />}
            </FormField>
            <div className={photoStyles.buttons}>
              <button
                type="submit"
                className={`${ui.button} ${ui.primary}`}
                disabled={formState.isSubmitting || (!formState.isDirty && saved !== null)}
              >
                Save photo
              </button>
              <button type="button" className={ui.button} onClick={remove} disabled={formState.isSubmitting}>
                Remove photo
              </button>
            </div>
          </div>
        </div>
      ) : (
        <>
          <ImageDropzone
            label="Upload photo"
            onUploaded={(uploaded) => {
              setMessage(null);
              setValue('image', uploaded.id, { shouldDirty: true });
            }}
          />
          <MediaPicker
            label="Photo from the library"
            onPicked={(picked) => {
              setMessage(null);
              setValue('image', picked.id, { shouldDirty: true });
            }}
          />
        </>
      )}
      {errors.image?.message ? <p className={ui.error}>{errors.image.message}</p> : null}
      {message ? (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? styles.message : ui.error}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
