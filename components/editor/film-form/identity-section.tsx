import { memo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { slugify, type FilmContent } from '@/lib/content/schema';
import { Section } from './section';
import { TextField } from './fields';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';
import styles from './fields.module.css';

function SlugHint({ savedSlug, isPublished }: { savedSlug: string; isPublished: boolean }) {
  const slug = useWatch<FilmContent, 'slug'>({ name: 'slug' });
  const changed = slug.trim() !== savedSlug;
  return (
    <>
      Address of the page: /films/{slug.trim() || '…'}
      {changed && isPublished ? (
        <strong className={styles.warning}> Changing it moves the published page to a new address once you publish.</strong>
      ) : null}
    </>
  );
}

function UseTitleButton() {
  const { getValues, setValue } = useFormContext<FilmContent>();
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.small}`}
      onClick={() => setValue('slug', slugify(getValues('title')), { shouldDirty: true, shouldValidate: true })}
    >
      Make from title
    </button>
  );
}

export const IdentitySection = memo(function IdentitySection({ editor: { savedSlug, isPublished }, ...section }: SectionProps) {
  return (
    <Section id="film" title="Film" {...section}>
      <TextField name="title" label="Title" />
      <div className={styles.grid3}>
        <div>
          <TextField name="slug" label="Slug" hint={<SlugHint savedSlug={savedSlug} isPublished={isPublished} />} />
          <UseTitleButton />
        </div>
        <TextField
          name="releaseYear"
          label="Release year"
          optional
          inputMode="numeric"
          placeholder="e.g. 2023"
          registerOptions={{ setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) }}
        />
      </div>
    </Section>
  );
});
