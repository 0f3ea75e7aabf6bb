import { useFormContext } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { SortableList } from './sortable-list';
import { CompactRow, RowInput } from './compact-row';
import { fieldId, useFieldError } from './fields';
import { useListEditor } from './use-list-editor';
import ui from '../ui.module.css';
import styles from './fields.module.css';

type TagListPath = `characters.${number}.tags` | 'setting.tags';

/** Tags (emoji + label) of a character or of the setting: "🏅 Skater". */
export function TagListField({ name, owner }: { name: TagListPath; owner: string }) {
  // `owner` names the group for screen readers: "Tags of the setting".
  const list = useListEditor(name, { noun: 'tag', labelOf: (tag) => `${tag.emoji ?? ''} ${tag.label ?? ''}` });
  const labelId = `${fieldId(name)}-label`;
  return (
    <div role="group" aria-label={`Tags of ${owner}`}>
      <span id={labelId} className={styles.groupLabel} aria-hidden="true">
        Tags <span className={ui.optional}>(emoji and a short label)</span>
      </span>
      {list.fields.length > 0 ? (
        <SortableList listId={fieldId(name)} items={list.fields} nameOf={list.nameOf} onMove={list.move} className={styles.rowList}>
          {(field, controls) => (
            <CompactRow
              controls={controls}
              noun="tag"
              labelField={`${name}.${controls.index}.label`}
              onRemove={() => list.removeAt(controls.index)}
            >
              <TagInputs name={`${name}.${controls.index}`} position={controls.index + 1} />
            </CompactRow>
          )}
        </SortableList>
      ) : null}
      <button type="button" className={`${ui.button} ${ui.small} ${styles.addButton}`} onClick={() => list.add({ emoji: '', label: '' })}>
        + Add tag
      </button>
    </div>
  );
}

function TagInputs({ name, position }: { name: `${TagListPath}.${number}`; position: number }) {
  const { register } = useFormContext<FilmContent>();
  const emojiId = fieldId(`${name}.emoji`);
  const labelId = fieldId(`${name}.label`);
  const emojiError = useFieldError(`${name}.emoji`);
  const labelError = useFieldError(`${name}.label`);
  return (
    <>
      <RowInput id={emojiId} label={`Tag ${position} emoji`} error={emojiError} className={styles.emoji}>
        <input
          id={emojiId}
          className={`${ui.input} ${styles.emoji}`}
          placeholder="🙂"
          aria-invalid={emojiError ? true : undefined}
          {...register(`${name}.emoji`)}
        />
      </RowInput>
      <RowInput id={labelId} label={`Tag ${position} label`} error={labelError}>
        <input
          id={labelId}
          className={ui.input}
          placeholder="Label"
          aria-invalid={labelError ? true : undefined}
          aria-describedby={labelError ? `${labelId}-error` : undefined}
          {...register(`${name}.label`)}
        />
      </RowInput>
    </>
  );
}
