import type { ReactNode } from 'react';
import type { FieldArray } from 'react-hook-form';
import { newItemId, type FilmContent } from '@/lib/content/schema';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { Section } from './section';
import { BulkLevelBar, useItemSelection, type LevelListPath } from './bulk-levels';
import { SortableList } from './sortable-list';
import { ItemCard, WatchedText } from './item-card';
import type { FormPath } from './fields';
import { useListEditor } from './use-list-editor';
import type { SectionProps } from './section-props';
import type { SectionId } from './sections';
import ui from '../ui.module.css';
import sectionStyles from './section.module.css';

/** The page's ordered lists of levelled items, as the parts describe them. */
type ItemList = LevelListPath;
type ItemOf<L extends ItemList> = FieldArray<FilmContent, L>;

type ItemListSectionProps<L extends ItemList> = SectionProps & {
  id: SectionId;
  title: string;
  description: string;
  list: L;
  /** What one item and several are called: "event", "events". */
  nouns: [string, string];
  /** The field that names an item (its card's title, announcements, the first field focused). */
  labelKey: string & keyof ItemOf<L>;
  /** The card's title while the label is empty. */
  fallback: string;
  /** The fields of a new item, apart from its id and level. */
  blank: Omit<ItemOf<L>, 'id' | 'spoiler'>;
  number?: (index: number) => string;
  subtitle?: (index: number) => ReactNode;
  /** Shown above the list (e.g. what the page derives from it). */
  lead?: ReactNode;
  /** The item's own fields. */
  fields: (index: number) => ReactNode;
};

/**
 * One section editing a list of items: each a card with its level, selection for bulk levels,
 * drag or arrows to reorder, remove with undo, and "+ Add". The lists differ only in their fields.
 */
export function ItemListSection<L extends ItemList>({
  id,
  title,
  description,
  list: listName,
  nouns: [noun, nounPlural],
  labelKey,
  fallback,
  blank,
  number,
  subtitle,
  lead,
  fields,
  ...section
}: ItemListSectionProps<L>) {
  const list = useListEditor(listName, { noun, labelOf: (item) => String(item[labelKey] ?? ''), focusKey: labelKey });
  const selection = useItemSelection(list.fields);
  // The label's path for any list and key: the generic template type is wider than RHF's path union.
  const labelPath = (i: number) => `${listName}.${i}.${labelKey}` as FormPath;
  return (
    <Section id={id} title={title} count={list.fields.length} description={description} {...section}>
      {lead}
      <div className={sectionStyles.listBlock}>
        <BulkLevelBar name={listName} nouns={[noun, nounPlural]} selection={selection} />
        <SortableList listId={listName} items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
          {(field, controls) => {
            const i = controls.index;
            return (
              <ItemCard
                controls={controls}
                number={number?.(i)}
                title={<WatchedText name={labelPath(i)} fallback={fallback} />}
                subtitle={subtitle?.(i)}
                selection={selection.rowSelection(field.id)}
                spoilerName={`${listName}.${i}.spoiler`}
                errorPath={`${listName}.${i}`}
                noun={noun}
                labelField={labelPath(i)}
                onRemove={() => list.removeAt(i)}
                defaultOpen={list.isNew(i)}
              >
                {fields(i)}
              </ItemCard>
            );
          }}
        </SortableList>
      </div>
      <div>
        <button
          type="button"
          className={ui.button}
          onClick={() => list.add({ ...blank, id: newItemId(), spoiler: DEFAULT_ITEM_LEVEL } as ItemOf<L>)}
        >
          + Add {noun}
        </button>
      </div>
    </Section>
  );
}
