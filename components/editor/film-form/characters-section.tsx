import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { newItemId, type FilmContent } from '@/lib/content/schema';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { Section } from './section';
import { TextAreaField, TextField } from './fields';
import { BulkLevelBar, useItemSelection } from './bulk-levels';
import { SortableList } from './sortable-list';
import { ItemCard, WatchedText } from './item-card';
import { PersonPicker } from './person-picker';
import { TagListField } from './tag-list-field';
import { useListEditor } from './use-list-editor';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';
import styles from './fields.module.css';
import sectionStyles from './section.module.css';

function PlayedBy({ index }: { index: number }) {
  const person = useWatch<FilmContent, `characters.${number}.playedBy`>({ name: `characters.${index}.playedBy` });
  return <>{person?.name ? `played by ${person.name}` : 'no actor yet'}</>;
}

export const CharactersSection = memo(function CharactersSection(section: SectionProps) {
  const list = useListEditor('characters', { noun: 'character', labelOf: (c) => String(c.name ?? ''), focusKey: 'name' });
  const selection = useItemSelection(list.fields);
  return (
    <Section
      id="characters"
      title="Characters"
      count={list.fields.length}
      description="Who is who, and who plays them. Each profile links to the actor’s page."
      {...section}
    >
      <div className={sectionStyles.listBlock}>
        <BulkLevelBar name="characters" nouns={['character', 'characters']} selection={selection} />
        <SortableList listId="characters" items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
          {(field, controls) => {
            const i = controls.index;
            return (
              <ItemCard
                controls={controls}
                title={<WatchedText name={`characters.${i}.name`} fallback="Unnamed character" />}
                subtitle={<PlayedBy index={i} />}
                selection={selection.rowSelection(field.id)}
                spoilerName={`characters.${i}.spoiler`}
                errorPath={`characters.${i}`}
                noun="character"
                labelField={`characters.${i}.name`}
                onRemove={() => list.removeAt(i)}
                defaultOpen={list.isNew(i)}
              >
                <div className={styles.grid2}>
                  <TextField name={`characters.${i}.name`} label="Name" placeholder="e.g. Xavier, the trainer" />
                  <PersonPicker index={i} />
                </div>
                <TextAreaField name={`characters.${i}.description`} label="Who they are" optional rows={4} />
                <TagListField name={`characters.${i}.tags`} owner={`character ${i + 1}`} />
              </ItemCard>
            );
          }}
        </SortableList>
      </div>
      <div>
        <button
          type="button"
          className={ui.button}
          onClick={() => list.add({ id: newItemId(), name: '', playedBy: null, description: '', tags: [], spoiler: DEFAULT_ITEM_LEVEL })}
        >
          + Add character
        </button>
      </div>
    </Section>
  );
});
