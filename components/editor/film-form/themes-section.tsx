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

export const ThemesSection = memo(function ThemesSection(section: SectionProps) {
  const list = useListEditor('themes', { noun: 'theme', labelOf: (t) => String(t.title ?? ''), focusKey: 'title' });
  const selection = useItemSelection(list.fields);
  return (
    <Section
      id="themes"
      title="Themes"
      count={list.fields.length}
      description="Ideas the story keeps returning to, numbered 01, 02, … on the page in this order."
      {...section}
    >
      <div className={sectionStyles.listBlock}>
        <BulkLevelBar name="themes" nouns={['theme', 'themes']} selection={selection} />
        <SortableList listId="themes" items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
          {(field, controls) => {
            const i = controls.index;
            return (
              <ItemCard
                controls={controls}
                number={String(i + 1).padStart(2, '0')}
                title={<WatchedText name={`themes.${i}.title`} fallback="Untitled theme" />}
                selection={selection.rowSelection(field.id)}
                spoilerName={`themes.${i}.spoiler`}
                errorPath={`themes.${i}`}
                noun="theme"
                labelField={`themes.${i}.title`}
                onRemove={() => list.removeAt(i)}
                defaultOpen={list.isNew(i)}
              >
                <TextField name={`themes.${i}.title`} label="Title" placeholder="e.g. Illness" />
                <TextAreaField name={`themes.${i}.description`} label="How the film treats it" optional rows={4} />
              </ItemCard>
            );
          }}
        </SortableList>
      </div>
      <div>
        <button
          type="button"
          className={ui.button}
          onClick={() => list.add({ id: newItemId(), title: '', description: '', spoiler: DEFAULT_ITEM_LEVEL })}
        >
          + Add theme
        </button>
      </div>
    </Section>
  );
});
