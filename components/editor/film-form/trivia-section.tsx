import { memo } from 'react';
import { newItemId } from '@/lib/content/schema';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { Section } from './section';
import { TextAreaField, TextField } from './fields';
import { BulkLevelBar, useItemSelection } from './bulk-levels';
import { SortableList } from './sortable-list';
import { ItemCard, WatchedText } from './item-card';
import { useListEditor } from './use-list-editor';
import type { SectionProps } from './section-props';
import ui from '../ui.module.css';
import sectionStyles from './section.module.css';

/** Trivia: ordered pieces of "did you know", each with an optional source and its own spoiler level. */
export const TriviaSection = memo(function TriviaSection(section: SectionProps) {
  const list = useListEditor('trivia', { noun: 'trivia item', labelOf: (t) => String(t.text ?? ''), focusKey: 'text' });
  const selection = useItemSelection(list.fields);
  return (
    <Section
      id="trivia"
      title="Trivia"
      count={list.fields.length}
      description="Things worth knowing about the film and its making, shown in this order. A piece about the ending is a spoiler like the ending."
      {...section}
    >
      <div className={sectionStyles.listBlock}>
        <BulkLevelBar name="trivia" nouns={['trivia item', 'trivia items']} selection={selection} />
        <SortableList listId="trivia" items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
          {(field, controls) => {
            const i = controls.index;
            return (
              <ItemCard
                controls={controls}
                number={String(i + 1)}
                title={<WatchedText name={`trivia.${i}.text`} fallback="New trivia item" />}
                selection={selection.rowSelection(field.id)}
                spoilerName={`trivia.${i}.spoiler`}
                errorPath={`trivia.${i}`}
                noun="trivia item"
                labelField={`trivia.${i}.text`}
                onRemove={() => list.removeAt(i)}
                defaultOpen={list.isNew(i)}
              >
                <TextAreaField
                  name={`trivia.${i}.text`}
                  label="Text"
                  placeholder="e.g. The rink scenes were shot before opening hours."
                  rows={3}
                />
                <TextField
                  name={`trivia.${i}.source`}
                  label="Source"
                  optional
                  placeholder="e.g. an interview with the director, or an address"
                />
              </ItemCard>
            );
          }}
        </SortableList>
      </div>
      <div>
        <button
          type="button"
          className={ui.button}
          onClick={() => list.add({ id: newItemId(), text: '', source: '', spoiler: DEFAULT_ITEM_LEVEL })}
        >
          + Add trivia item
        </button>
      </div>
    </Section>
  );
});
