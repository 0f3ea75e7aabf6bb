import { memo, type ComponentType, type ReactNode } from 'react';
import { newItemId } from '@/lib/content/schema';
import type { ListPart, ListView } from '@/lib/page/list-part';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { Section } from './section';
import { BulkLevelBar, useItemSelection, type LevelListPath } from './bulk-levels';
import { SortableList } from './sortable-list';
import { ItemCard, WatchedText } from './item-card';
import { TextAreaField, TextField, type FormPath } from './fields';
import { useListEditor } from './use-list-editor';
import type { SectionProps } from './section-props';
import type { SectionId } from './sections';
import ui from '../ui.module.css';
import sectionStyles from './section.module.css';

type ItemListSectionProps = SectionProps & {
  /** The list part (lib/page/list-part.ts): its label, key, nouns, numbering, the field naming an item, the editor's words and fields. */
  part: ListPart;
  subtitle?: (index: number) => ReactNode;
  /** Shown above the list (e.g. what the page derives from it). */
  lead?: ReactNode;
  /** The item's own fields; those the part's description gives an input when left out. */
  fields?: (index: number) => ReactNode;
};

/**
 * One section editing a list of items: each a card with its level, selection for bulk levels,
 * drag or arrows to reorder, remove with undo, and "+ Add". The lists differ only in their fields.
 */
export function ItemListSection({
  part: { id, label, list: view },
  subtitle,
  lead,
  fields = describedFields(view),
  ...section
}: ItemListSectionProps) {
  const { key: listName, nouns, number, titleField: labelKey, editor } = view;
  const [noun, nounPlural] = nouns;
  const list = useListEditor(listName as LevelListPath, { noun, labelOf: (item) => String(item[labelKey] ?? ''), focusKey: labelKey });
  const selection = useItemSelection(list.fields);
  // The label's path for any list and key: the generic template type is wider than RHF's path union.
  const labelPath = (i: number) => `${listName}.${i}.${labelKey}` as FormPath;
  return (
    <Section id={id as SectionId} title={label} count={list.fields.length} description={editor.description} {...section}>
      {lead}
      <div className={sectionStyles.listBlock}>
        <BulkLevelBar name={listName as LevelListPath} nouns={[noun, nounPlural]} selection={selection} />
        <SortableList listId={listName} items={list.fields} nameOf={list.nameOf} onMove={list.move} className={sectionStyles.list}>
          {(field, controls) => {
            const i = controls.index;
            return (
              <ItemCard
                controls={controls}
                number={number?.(i + 1)}
                title={<WatchedText name={labelPath(i)} fallback={editor.fallback} />}
                subtitle={subtitle?.(i)}
                selection={selection.rowSelection(field.id)}
                spoilerName={`${listName}.${i}.spoiler` as FormPath}
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
          onClick={() => list.add({ ...editor.blank, id: newItemId(), spoiler: DEFAULT_ITEM_LEVEL } as never)}
        >
          + Add {noun}
        </button>
      </div>
    </Section>
  );
}

/** The fields a list part's description gives an input: a line, or a text area for a long text; "(optional)" where the schema lets it be empty. */
const describedFields =
  ({ key, editor }: ListView) =>
  (i: number) =>
    editor.fields.map(({ field, kind, label, placeholder, rows, hint, optional }) => {
      const name = `${key}.${i}.${field}` as FormPath;
      return kind === 'long' ? (
        <TextAreaField key={field} name={name} label={label} placeholder={placeholder} rows={rows} hint={hint} optional={optional} />
      ) : (
        <TextField key={field} name={name} label={label} placeholder={placeholder} hint={hint} optional={optional} />
      );
    });

/** The section of a list part that needs nothing but its description (trivia, themes). */
export const listPartSection = (part: ListPart): ComponentType<SectionProps> =>
  memo(function ListPartSection(section: SectionProps) {
    return <ItemListSection {...section} part={part} />;
  });
