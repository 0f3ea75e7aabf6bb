import { useFormContext } from 'react-hook-form';
import { newItemId, type FilmContent } from '@/lib/content/schema';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { SortableList } from './sortable-list';
import { CompactRow, RowInput } from './compact-row';
import { BulkLevelBar, useItemSelection } from './bulk-levels';
import { fieldId, useFieldError } from './fields';
import { useListEditor } from './use-list-editor';
import ui from '../ui.module.css';
import styles from './fields.module.css';

type LabelListPath = 'kind.moods' | 'kind.contentNotes';

/** Mood keywords or content notes: short labels, each with its own spoiler level (set one by one or for the selected). */
export function LabelListField({ name, title, noun, nouns, hint }: { name: LabelListPath; title: string; noun: string; nouns: string; hint?: string }) {
  const list = useListEditor(name, { noun, labelOf: (item) => String(item.label ?? ''), focusKey: 'label' });
  const selection = useItemSelection(list.fields);
  const labelId = `${fieldId(name)}-label`;
  return (
    <div role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.groupLabel}>
        {title}
      </span>
      {hint ? <p className={ui.hint} style={{ marginTop: 0, marginBottom: 8 }}>{hint}</p> : null}
      <BulkLevelBar name={name} nouns={[noun, nouns]} selection={selection} />
      {list.fields.length > 0 ? (
        <SortableList listId={fieldId(name)} items={list.fields} nameOf={list.nameOf} onMove={list.move} className={styles.rowList}>
          {(field, controls) => (
            <CompactRow
              controls={controls}
              noun={noun}
              labelField={`${name}.${controls.index}.label`}
              spoilerName={`${name}.${controls.index}.spoiler`}
              selection={selection.rowSelection(field.id)}
              onRemove={() => list.removeAt(controls.index)}
            >
              <LabelInput name={`${name}.${controls.index}`} noun={noun} position={controls.index + 1} />
            </CompactRow>
          )}
        </SortableList>
      ) : null}
      <button
        type="button"
        className={`${ui.button} ${ui.small} ${styles.addButton}`}
        onClick={() => list.add({ id: newItemId(), label: '', spoiler: DEFAULT_ITEM_LEVEL })}
      >
        + Add {noun}
      </button>
    </div>
  );
}

function LabelInput({ name, noun, position }: { name: `${LabelListPath}.${number}`; noun: string; position: number }) {
  const { register } = useFormContext<FilmContent>();
  const id = fieldId(`${name}.label`);
  const error = useFieldError(`${name}.label`);
  return (
    <RowInput id={id} label={`${noun} ${position}`} error={error}>
      <input id={id} className={ui.input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register(`${name}.label`)} />
    </RowInput>
  );
}
