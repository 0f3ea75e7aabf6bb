import type { ReactNode } from 'react';
import type { SortableControls } from './sortable-list';
import { DragHandle, ItemTools, SelectBox, useItemName, type RowSelection } from './item-card';
import { SpoilerLevelPicker } from './spoiler-level-picker';
import type { FormPath } from './fields';
import ui from '../ui.module.css';
import styles from './fields.module.css';
import card from './item-card.module.css';

/**
 * A one-line list item (a tag, a mood keyword): handle, fields, move and remove buttons; with
 * `spoilerName`, its spoiler level picker, and with `selection`, a checkbox for bulk actions.
 */
export function CompactRow({
  controls,
  noun,
  labelField,
  spoilerName,
  spoilerDescribedBy,
  selection,
  onRemove,
  children,
}: {
  controls: SortableControls;
  noun: string;
  labelField: FormPath;
  spoilerName?: FormPath;
  /** What explains the level (a warning shown under the row). */
  spoilerDescribedBy?: string;
  selection?: RowSelection;
  onRemove: () => void;
  children: ReactNode;
}) {
  const itemName = useItemName(noun, labelField, controls.index);
  return (
    <div className={`${styles.row} ${controls.isDragging ? card.dragging : ''}`}>
      {selection ? <SelectBox itemName={itemName} {...selection} /> : null}
      <DragHandle controls={controls} itemName={itemName} />
      <div className={styles.rowMain}>{children}</div>
      {spoilerName ? (
        <div className={styles.rowLevel}>
          <SpoilerLevelPicker name={spoilerName} label={`Spoiler level of ${itemName}`} describedBy={spoilerDescribedBy} compact />
        </div>
      ) : null}
      <ItemTools controls={controls} itemName={itemName} onRemove={onRemove} className={styles.rowTools} />
    </div>
  );
}

/** A label-less input inside a compact row: the visible placeholder is not a label, so it gets one. */
export function RowInput({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
