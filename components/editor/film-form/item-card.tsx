'use client';

import { useId, useState, type ReactNode } from 'react';
import { get, useFormState, useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { SPOILER_LABELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import type { SortableControls } from './sortable-list';
import { countErrors } from './sections';
import type { FormPath } from './fields';
import ui from '../ui.module.css';
import styles from './item-card.module.css';

/** Live text of a field, for headings of collapsed items ("3 · Tracheal surgery"). */
export function WatchedText({ name, fallback }: { name: FormPath; fallback: string }) {
  const value = useWatch<FilmContent>({ name });
  const text = typeof value === 'string' ? value.trim() : '';
  return <>{text || fallback}</>;
}

/** "event “Tracheal surgery”", kept current as the field changes (for the item's button labels). */
export function useItemName(noun: string, labelField: FormPath, index: number): string {
  const value = useWatch<FilmContent>({ name: labelField });
  const label = typeof value === 'string' ? value.trim() : '';
  return label ? `${noun} “${label}”` : `${noun} ${index + 1}`;
}

function SpoilerBadge({ name }: { name: FormPath }) {
  const level = useWatch<FilmContent>({ name }) as SpoilerLevel | undefined;
  if (!level) return null;
  return (
    <span className={`${styles.level} ${styles[level]}`} title={`Spoiler level: ${SPOILER_LABELS[level]}`}>
      {SPOILER_LABELS[level]}
    </span>
  );
}

/**
 * One item of a list (event, character, theme): a header to drag, move, remove and expand it, and
 * its fields. Collapsed items keep their inputs mounted (only hidden), so the form keeps every value,
 * and an item opens by itself when one of its fields has an error.
 */
export function ItemCard({
  controls,
  number,
  title,
  subtitle,
  spoilerName,
  errorPath,
  noun,
  labelField,
  onRemove,
  defaultOpen = false,
  children,
}: {
  controls: SortableControls;
  number?: string;
  title: ReactNode;
  subtitle?: ReactNode;
  spoilerName?: FormPath;
  errorPath: string;
  /** What the item is ("event") and the field that names it, for its buttons' labels. */
  noun: string;
  labelField: FormPath;
  onRemove: () => void;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const itemName = useItemName(noun, labelField, controls.index);
  const bodyId = useId();
  const { errors, submitCount } = useFormState<FilmContent>({ name: errorPath as FormPath });
  const errorCount = countErrors(get(errors, errorPath));

  // Opens by itself when a save finds errors in it (adjusting state on change, not in an effect).
  const [seen, setSeen] = useState({ errorCount, submitCount });
  if (seen.errorCount !== errorCount || seen.submitCount !== submitCount) {
    setSeen({ errorCount, submitCount });
    if (errorCount > 0 && !open) setOpen(true);
  }

  return (
    <div className={`${styles.card} ${controls.isDragging ? styles.dragging : ''} ${errorCount ? styles.invalid : ''}`}>
      <div className={styles.header}>
        <button type="button" className={`${ui.button} ${ui.ghost} ${ui.icon} ${styles.handle}`} aria-label={`Drag to reorder ${itemName}`} {...controls.handleProps}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            {[3, 7, 11].flatMap((y) => [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />))}
          </svg>
        </button>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {number ? <span className={styles.number}>{number}</span> : null}
          <span className={styles.titles}>
            <span className={styles.title}>{title}</span>
            {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
          </span>
          {errorCount ? (
            <span className={styles.errors}>
              {errorCount} {errorCount === 1 ? 'error' : 'errors'}
            </span>
          ) : null}
          {spoilerName ? <SpoilerBadge name={spoilerName} /> : null}
          <span className={styles.chevron} aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
        <div className={styles.tools}>
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
      <div id={bodyId} className={styles.body} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
