import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import type { AnyPart } from '@/lib/page/parts';
import { plural } from '@/lib/content/derive';
import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { useNotices } from '../notices';
import type { RowSelection } from './item-card';
import { SHORT_LEVEL_LABELS } from './spoiler-level-picker';
import ui from '../ui.module.css';
import styles from './bulk-levels.module.css';
import dots from './level-dot.module.css';

/** The film's lists whose items each have a spoiler level (every list the parts describe, lib/page/parts). */
export type LevelListPath = Extract<AnyPart['diff'], { lists: unknown }>['lists'][number]['key'];

type LevelItem = { id: string; spoiler: SpoilerLevel };

/**
 * Which items of a list are selected for "Set level". Items are keyed by react-hook-form's field
 * keys, stable across moves; a removed item leaves the selection by itself.
 */
export function useItemSelection(fields: ReadonlyArray<{ id: string }>) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const selectedIndexes = fields.flatMap((field, index) => (picked.has(field.id) ? [index] : []));

  const toggle = useCallback((key: string, on: boolean) => {
    setPicked((previous) => {
      const next = new Set(previous);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  return {
    selectedIndexes,
    total: fields.length,
    rowSelection: (key: string): RowSelection => ({ checked: picked.has(key), onChange: (on) => toggle(key, on) }),
    setAll: (on: boolean) => setPicked(on ? new Set(fields.map((f) => f.id)) : new Set()),
  };
}

export type ItemSelection = ReturnType<typeof useItemSelection>;

/**
 * "Select all" and "Set level → None / Light / Full" for the selected items of a list: one change
 * of the form (so one autosave and one save), with an Undo that puts the earlier levels back.
 */
export function BulkLevelBar({ name, nouns, selection }: { name: LevelListPath; nouns: [string, string]; selection: ItemSelection }) {
  const { getValues, setValue } = useFormContext<FilmContent>();
  const { notify } = useNotices();
  const allBox = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const count = selection.selectedIndexes.length;
  const all = count > 0 && count === selection.total;

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  if (selection.total < 2) return null;

  function setLevels(levels: Array<{ id: string; spoiler: SpoilerLevel }>) {
    const items = (getValues(name) ?? []) as LevelItem[];
    for (const { id, spoiler } of levels) {
      const index = items.findIndex((item) => item.id === id);
      if (index >= 0) setValue(`${name}.${index}.spoiler`, spoiler, { shouldDirty: true });
    }
  }

  function apply(level: SpoilerLevel) {
    if (count === 0) return;
    const items = (getValues(name) ?? []) as LevelItem[];
    const chosen = selection.selectedIndexes.map((index) => items[index]).filter(Boolean);
    const before = chosen.map(({ id, spoiler }) => ({ id, spoiler }));
    setLevels(chosen.map(({ id }) => ({ id, spoiler: level })));
    selection.setAll(false);
    notify({
      tone: 'info',
      text: `Set ${plural(chosen.length, nouns[0], nouns[1])} to ${SPOILER_LABELS[level].toLowerCase()}.`,
      action: { label: 'Undo', run: () => setLevels(before) },
    });
  }

  return (
    <div className={styles.bar}>
      <label className={styles.all}>
        <input ref={allBox} type="checkbox" checked={all} onChange={(e) => selection.setAll(e.target.checked)} />
        <span>
          Select all<span className="visually-hidden"> {nouns[1]}</span>
        </span>
      </label>
      <span className={styles.count} aria-live="polite">
        {count === 0 ? `Select ${nouns[1]} to set their level` : `${count} selected`}
      </span>
      <div className={styles.set} role="group" aria-labelledby={labelId}>
        <span id={labelId} className={styles.setLabel}>
          Set level<span className="visually-hidden"> of the selected {nouns[1]}</span>
        </span>
        {SPOILER_LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            className={`${ui.button} ${ui.small} ${dots[level]}`}
            aria-disabled={count === 0}
            title={`${SPOILER_LABELS[level]} for the selected ${nouns[1]}`}
            onClick={() => apply(level)}
          >
            {SHORT_LEVEL_LABELS[level]}
          </button>
        ))}
      </div>
    </div>
  );
}
