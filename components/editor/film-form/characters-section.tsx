import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { charactersPart } from '@/lib/page/parts/characters';
import { TextAreaField, TextField } from './fields';
import { PersonPicker } from './person-picker';
import { TagListField } from './tag-list-field';
import { ItemListSection } from './item-list-section';
import type { SectionProps } from './section-props';
import styles from './fields.module.css';

function PlayedBy({ index }: { index: number }) {
  const person = useWatch<FilmContent, `characters.${number}.playedBy`>({ name: `characters.${index}.playedBy` });
  return <>{person?.name ? `played by ${person.name}` : 'no actor yet'}</>;
}

export const CharactersSection = memo(function CharactersSection(section: SectionProps) {
  return (
    <ItemListSection
      {...section}
      part={charactersPart}
      subtitle={(i) => <PlayedBy index={i} />}
      fields={(i) => (
        <>
          <div className={styles.grid2}>
            <TextField name={`characters.${i}.name`} label="Name" placeholder="e.g. Xavier, the trainer" />
            <PersonPicker index={i} />
          </div>
          <TextAreaField name={`characters.${i}.description`} label="Who they are" optional rows={4} />
          <TagListField name={`characters.${i}.tags`} owner={`character ${i + 1}`} />
        </>
      )}
    />
  );
});
