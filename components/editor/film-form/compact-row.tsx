import type { ReactNode } from 'react';
import type { SortableControls } from './sortable-list';
import { DragHandle, ItemTools, useItemName } from './item-card';
import type { FormPath } from './fields';
import ui from '../ui.module.css';
import styles from './fields.module.css';
import card from './item-card.module.css';

/** A one-line list item (a tag, a mood keyword): handle, fields, move and remove buttons. */
export function CompactRow({ controls, noun, labelField, onRemove, children }: { controls: SortableControls; noun: string; labelField: FormPath; onRemove: () => void; children: ReactNode }) {
  const itemName = useItemName(noun, labelField, controls.index);
  return (
    <div className={`${styles.row} ${controls.isDragging ? card.dragging : ''}`}>
      <DragHandle controls={controls} itemName={itemName} />
      <div className={styles.rowMain}>{children}</div>
      <ItemTools controls={controls} itemName={itemName} onRemove={onRemove} className={styles.rowTools} />
    </div>
  );
}

/** A label-less input inside a compact row: the visible placeholder is not a label, so it gets one. */
export function RowInput({ id, label, error, className, children }: { id: string; label: string; error?: string; className?: string; children: ReactNode }) {
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
