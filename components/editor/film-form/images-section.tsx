'use client';

import { memo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { newItemId, type FilmContent } from '@/lib/content/schema';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { DEFAULT_POSTER_LEVEL } from '@/lib/page/parts/images';
import { ImageDropzone } from '@/components/media/image-dropzone';
import { MediaPicker } from '@/components/media/media-picker';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { Section } from './section';
import { TextField } from './fields';
import { SpoilerLevelPicker } from './spoiler-level-picker';
import { SortableList } from './sortable-list';
import { ItemCard, WatchedText } from './item-card';
import { useListEditor } from './use-list-editor';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';
import sectionStyles from './section.module.css';
import imageStyles from '@/components/media/image-with-fields.module.css';
import styles from './images-section.module.css';

/** A small preview of an uploaded image; the alt text is the form's (decorative here: the field below names it). */
function Thumbnail({ image }: { image: string }) {
  return <MediaThumbnail image={image} alt="" className={imageStyles.thumbnail} />;
}

/**
 * The poster and the stills: upload by drag and drop or file choice (with progress) or reuse one
 * from the media library (alt text stays this page's, per use), then the alt
 * text (required: readers with screen readers get it), a caption for stills and each one's
 * spoiler level. A still from the ending is `full`: readers below it never receive it.
 */
export const ImagesSection = memo(function ImagesSection(section: SectionProps) {
  const { control, setValue } = useFormContext<FilmContent>();
  const poster = useWatch({ control, name: 'poster' });
  const list = useListEditor('stills', { noun: 'still', labelOf: (s) => String(s.alt ?? '') });
  return (
    <Section
      id="images"
      title="Poster and stills"
      count={list.fields.length + (poster ? 1 : 0)}
      description="Each image needs alt text; its spoiler level works like every item's."
      {...section}
    >
      <h3 className={styles.subheading}>Poster</h3>
      {poster ? (
        <div className={imageStyles.image}>
          <Thumbnail image={poster.image} />
          <div className={imageStyles.fields}>
            <TextField name="poster.alt" label="Alt text" placeholder="e.g. Carley mid-jump over the rink, title above" />
            <SpoilerLevelPicker name="poster.spoiler" label="Spoiler level of the poster" />
            <div>
              <button type="button" className={ui.button} onClick={() => setValue('poster', null, { shouldDirty: true })}>
                Remove poster
              </button>
            </div>
          </div>
        </div>
      ) : (
        <>
          <ImageDropzone
            label="Upload poster"
            onUploaded={(image) =>
              setValue('poster', { image: image.id, alt: '', spoiler: DEFAULT_POSTER_LEVEL }, { shouldDirty: true, shouldValidate: false })
            }
          />
          <MediaPicker
            label="Poster from the library"
            onPicked={(image) =>
              setValue('poster', { image: image.id, alt: '', spoiler: DEFAULT_POSTER_LEVEL }, { shouldDirty: true, shouldValidate: false })
            }
          />
        </>
      )}

      <h3 className={styles.subheading}>Stills</h3>
      <SortableList listId="stills" items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
        {(field, controls) => {
          const i = controls.index;
          return (
            <ItemCard
              controls={controls}
              title={<WatchedText name={`stills.${i}.alt`} fallback="Still without alt text" />}
              spoilerName={`stills.${i}.spoiler`}
              errorPath={`stills.${i}`}
              noun="still"
              labelField={`stills.${i}.alt`}
              onRemove={() => list.removeAt(i)}
              defaultOpen={list.isNew(i)}
            >
              <StillThumbnail index={i} />
              <TextField name={`stills.${i}.alt`} label="Alt text" placeholder="What the still shows, for readers who cannot see it" />
              <TextField name={`stills.${i}.caption`} label="Caption" optional />
              <SpoilerLevelPicker
                name={`stills.${i}.spoiler`}
                label={`Spoiler level of still ${i + 1}`}
                hint="A still from the ending is Full."
              />
            </ItemCard>
          );
        }}
      </SortableList>
      <ImageDropzone
        label="Upload still"
        onUploaded={(image) => list.add({ id: newItemId(), image: image.id, alt: '', caption: '', spoiler: DEFAULT_ITEM_LEVEL })}
      />
      <MediaPicker
        label="Still from the library"
        onPicked={(image) => list.add({ id: newItemId(), image: image.id, alt: '', caption: '', spoiler: DEFAULT_ITEM_LEVEL })}
      />
    </Section>
  );
});

function StillThumbnail({ index }: { index: number }) {
  const image = useWatch<FilmContent>({ name: `stills.${index}.image` }) as string | undefined;
  return image ? <Thumbnail image={image} /> : null;
}
