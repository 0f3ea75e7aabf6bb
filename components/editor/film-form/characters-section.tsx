import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
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
      id="characters"
      title="Characters"
      description="Who is who, and who plays them. Each profile links to the actor’s page."
      list="characters"
      nouns={['character', 'characters']}
      labelKey="name"
      fallback="Unnamed character"
      blank={{ name: '', playedBy: null, description: '', tags: [] }}
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
