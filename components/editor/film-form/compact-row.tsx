'use client';

import type { ReactNode } from 'react';
import type { SortableControls } from './sortable-list';
import { useItemName } from './item-card';
import type { FormPath } from './fields';
import ui from '../ui.module.css';
import styles from './fields.module.css';
import card from './item-card.module.css';

/** A one-line list item (a tag, a mood keyword): handle, fields, move and remove buttons. */
export function CompactRow({ controls, noun, labelField, onRemove, children }: { controls: SortableControls; noun: string; labelField: FormPath; onRemove: () => void; children: ReactNode }) {
  const itemName = useItemName(noun, labelField, controls.index);
  return (
    <div className={`${styles.row} ${controls.isDragging ? card.dragging : ''}`}>
      <button type="button" className={`${ui.button} ${ui.ghost} ${ui.icon} ${card.handle}`} aria-label={`Drag to reorder ${itemName}`} {...controls.handleProps}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          {[3, 7, 11].flatMap((y) => [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />))}
        </svg>
      </button>
      <div className={styles.rowMain}>{children}</div>
      <div className={styles.rowTools}>
        <button type="button" className={`${ui.button} ${ui.ghost} ${ui.icon}`} {...controls.moveButtonProps(-1)} aria-label={`Move ${itemName} up`}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" className={`${ui.button} ${ui.ghost} ${ui.icon}`} {...controls.moveButtonProps(1)} aria-label={`Move ${itemName} down`}>
          <span aria-hidden="true">↓</span>
        </button>
        <button type="button" className={`${ui.button} ${ui.ghost} ${ui.icon} ${ui.danger}`} aria-label={`Remove ${itemName}`} onClick={onRemove}>
          <span aria-hidden="true">✕</span>
        </button>
      </div>
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
