import { useFormContext, useWatch } from 'react-hook-form';
import { newItemId, type FilmContent } from '@/lib/content/schema';
import {
  CONTENT_NOTE_KINDS,
  CONTENT_NOTE_KIND_LABELS,
  contentNoteKindOf,
  guessContentNoteKind,
  type ContentNoteKind,
} from '@/lib/content/content-note-kinds';
import { DEFAULT_ITEM_LEVEL } from '@/lib/spoilers/levels';
import { SortableList, type SortableControls } from './sortable-list';
import { CompactRow, RowInput } from './compact-row';
import type { RowSelection } from './item-card';
import { BulkLevelBar, useItemSelection } from './bulk-levels';
import { fieldId, useFieldError } from './fields';
import { useListEditor } from './use-list-editor';
import ui from '../ui.module.css';
import styles from './fields.module.css';

type LabelListPath = 'kind.moods' | 'kind.contentNotes';

/**
 * Mood keywords or content notes: short labels, each with its own spoiler level (set one by one or
 * for the selected). `warnAboveNone` (content notes): a note above level none is a warning some
 * readers never see in words, so the row says so, tied to its level picker.
 */
export function LabelListField({
  name,
  title,
  noun,
  nouns,
  hint,
  warnAboveNone = false,
}: {
  name: LabelListPath;
  title: string;
  noun: string;
  nouns: string;
  hint?: string;
  warnAboveNone?: boolean;
}) {
  const list = useListEditor(name, { noun, labelOf: (item) => String(item.label ?? ''), focusKey: 'label' });
  const selection = useItemSelection(list.fields);
  const labelId = `${fieldId(name)}-label`;
  return (
    <div role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.groupLabel}>
        {title}
      </span>
      {hint ? (
        <p className={ui.hint} style={{ marginTop: 0, marginBottom: 8 }}>
          {hint}
        </p>
      ) : null}
      <BulkLevelBar name={name} nouns={[noun, nouns]} selection={selection} />
      {list.fields.length > 0 ? (
        <SortableList listId={fieldId(name)} items={list.fields} nameOf={list.nameOf} onMove={list.move} className={styles.rowList}>
          {(field, controls) => (
            <LabelRow
              name={`${name}.${controls.index}`}
              noun={noun}
              controls={controls}
              selection={selection.rowSelection(field.id)}
              warnAboveNone={warnAboveNone}
              onRemove={() => list.removeAt(controls.index)}
            />
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

function LabelRow({
  name,
  noun,
  controls,
  selection,
  warnAboveNone,
  onRemove,
}: {
  name: `${LabelListPath}.${number}`;
  noun: string;
  controls: SortableControls;
  selection: RowSelection;
  warnAboveNone: boolean;
  onRemove: () => void;
}) {
  const { register } = useFormContext<FilmContent>();
  const id = fieldId(`${name}.label`);
  const error = useFieldError(`${name}.label`);
  const level = useWatch<FilmContent, `${LabelListPath}.${number}.spoiler`>({ name: `${name}.spoiler` });
  const warning = warnAboveNone && level !== 'none' ? `${fieldId(`${name}.spoiler`)}-warning` : undefined;
  const note = useWatch<FilmContent, `${LabelListPath}.${number}`>({ name }) as { label?: string; kind?: ContentNoteKind } | undefined;
  return (
    <CompactRow
      controls={controls}
      noun={noun}
      labelField={`${name}.label`}
      spoilerName={`${name}.spoiler`}
      spoilerDescribedBy={warning}
      selection={selection}
      onRemove={onRemove}
    >
      <RowInput id={id} label={`${noun} ${controls.index + 1}`} error={error}>
        <input
          id={id}
          className={ui.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(`${name}.label`)}
        />
      </RowInput>
      {name.startsWith('kind.contentNotes') ? <NoteKindSelect name={name as `kind.contentNotes.${number}`} /> : null}
      {warning ? (
        <p id={warning} className={`${ui.hint} ${styles.rowWarning}`}>
          Readers below {level === 'full' ? 'full' : 'light'} spoilers see only its kind, “
          {CONTENT_NOTE_KIND_LABELS[contentNoteKindOf({ label: note?.label ?? '', kind: note?.kind })]}”, not its words. Worded so it gives
          no plot away (“a character’s serious illness”), it can be at None, so every reader reads it.
        </p>
      ) : null}
    </CompactRow>
  );
}

/**
 * What the note warns about, shown to every reader at every level. Empty: the kind its words give
 * (the keyword map imports use), named in the option, until the editor picks one.
 */
function NoteKindSelect({ name }: { name: `kind.contentNotes.${number}` }) {
  const { register } = useFormContext<FilmContent>();
  const label = useWatch<FilmContent, `kind.contentNotes.${number}.label`>({ name: `${name}.label` }) ?? '';
  const id = fieldId(`${name}.kind`);
  return (
    <RowInput id={id} label={`Kind of content note ${Number(name.split('.')[2]) + 1} (every reader sees it)`}>
      <select
        id={id}
        className={ui.input}
        {...register(`${name}.kind`, { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v) })}
      >
        <option value="">From its words: {CONTENT_NOTE_KIND_LABELS[guessContentNoteKind(label)]}</option>
        {CONTENT_NOTE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {CONTENT_NOTE_KIND_LABELS[kind]}
          </option>
        ))}
      </select>
    </RowInput>
  );
}
