import { useId, useState, type ReactNode } from 'react';
import { get, useFormState, useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import type { SortableControls } from './sortable-list';
import { countErrors } from './sections';
import { SpoilerLevelPicker } from './spoiler-level-picker';
import { CommentBadge, ItemComments } from '../comments/comment-badge';
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

/** The checkbox that selects an item for a bulk action ("Set level"), named for its item. */
export function SelectBox({ itemName, checked, onChange }: { itemName: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className={styles.select}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="visually-hidden">Select {itemName}</span>
    </label>
  );
}

/** A row's selection for bulk actions: whether it is selected and how to change that. */
export type RowSelection = { checked: boolean; onChange: (checked: boolean) => void };

/** The handle that drags a sortable item (the arrow keys move it too, see sortable-list). */
export function DragHandle({ controls, itemName }: { controls: SortableControls; itemName: string }) {
  return (
    <button
      type="button"
      className={`${ui.button} ${ui.ghost} ${ui.icon} ${styles.handle}`}
      aria-label={`Drag to reorder ${itemName}`}
      {...controls.handleProps}
    >
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        {[3, 7, 11].flatMap((y) => [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />))}
      </svg>
    </button>
  );
}

/** Move up, move down and remove: icons, or (with `removeText`) a worded remove button. */
export function ItemTools({
  controls,
  itemName,
  onRemove,
  removeText,
  className,
}: {
  controls: SortableControls;
  itemName: string;
  onRemove: () => void;
  removeText?: string;
  className: string;
}) {
  return (
    <div className={className}>
      <button
        type="button"
        className={`${ui.button} ${ui.ghost} ${ui.icon}`}
        {...controls.moveButtonProps(-1)}
        aria-label={`Move ${itemName} up`}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={`${ui.button} ${ui.ghost} ${ui.icon}`}
        {...controls.moveButtonProps(1)}
        aria-label={`Move ${itemName} down`}
      >
        <span aria-hidden="true">↓</span>
      </button>
      {removeText ? (
        <button
          type="button"
          className={`${ui.button} ${ui.ghost} ${ui.small} ${ui.danger}`}
          aria-label={`Remove ${itemName}`}
          onClick={onRemove}
        >
          {removeText}
        </button>
      ) : (
        <button
          type="button"
          className={`${ui.button} ${ui.ghost} ${ui.icon} ${ui.danger}`}
          aria-label={`Remove ${itemName}`}
          onClick={onRemove}
        >
          <span aria-hidden="true">✕</span>
        </button>
      )}
    </div>
  );
}

type CardShellProps = {
  controls: SortableControls;
  /** Names the item in its buttons' labels ("event “Tracheal surgery”", "question 2"). */
  itemName: string;
  number?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** The item's spoiler level picker, in the header: set without opening the card. */
  level?: ReactNode;
  /** A checkbox to select the item for bulk actions. */
  selection?: RowSelection;
  /** Where the item's errors are in the form: an item with errors is marked and opens by itself. */
  errorPath: string;
  onRemove: () => void;
  defaultOpen?: boolean;
  children: ReactNode;
  /**
   * A standalone card (a quiz question): an <article> named by its title, a worded remove button,
   * no chevron or error count, and on narrow screens the title wraps with the buttons under it.
   */
  article?: { titleId: string; removeText: string };
};

/**
 * The frame of one item of a sortable list: a header to drag, move, remove and expand it, and a body.
 * Collapsed items keep their inputs mounted (only hidden), so the form keeps every value, and an item
 * opens by itself when one of its fields has an error.
 */
export function CardShell({
  controls,
  itemName,
  number,
  title,
  subtitle,
  level,
  selection,
  errorPath,
  onRemove,
  defaultOpen = false,
  children,
  article,
}: CardShellProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const { errors, submitCount } = useFormState({ name: errorPath });
  const errorCount = countErrors(get(errors, errorPath));

  // Opens by itself when a save finds errors in it (adjusting state on change, not in an effect).
  const [seen, setSeen] = useState({ errorCount, submitCount });
  if (seen.errorCount !== errorCount || seen.submitCount !== submitCount) {
    setSeen({ errorCount, submitCount });
    if (errorCount > 0 && !open) setOpen(true);
  }

  const Card = article ? 'article' : 'div';
  const Header = article ? 'header' : 'div';
  return (
    <Card
      className={`${styles.card} ${controls.isDragging ? styles.dragging : ''} ${errorCount ? styles.invalid : ''} ${article ? styles.standalone : ''}`}
      aria-labelledby={article?.titleId}
      data-item-card=""
    >
      <Header className={styles.header}>
        {selection ? <SelectBox itemName={itemName} {...selection} /> : null}
        <DragHandle controls={controls} itemName={itemName} />
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {/* At the start, as on the sections: at the end it would read as a menu of the level picker beside it. */}
          {article ? null : (
            <span className={styles.chevron} aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
          )}
          {number !== undefined ? <span className={styles.number}>{number}</span> : null}
          <span className={styles.titles}>
            <span id={article?.titleId} className={styles.title}>
              {title}
            </span>
            {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
          </span>
          {errorCount && !article ? (
            <span className={styles.errors}>
              {errorCount} {errorCount === 1 ? 'error' : 'errors'}
            </span>
          ) : null}
        </button>
        {level ? <div className={styles.level}>{level}</div> : null}
        <CommentBadge path={errorPath} itemName={itemName} />
        <ItemTools controls={controls} itemName={itemName} onRemove={onRemove} removeText={article?.removeText} className={styles.tools} />
      </Header>
      <ItemComments path={errorPath} />
      <div id={bodyId} className={styles.body} hidden={!open}>
        {children}
      </div>
    </Card>
  );
}

/** One item of a film's list (event, character, theme), named by one of its fields, with its spoiler level. */
export function ItemCard({
  noun,
  labelField,
  spoilerName,
  number,
  ...shell
}: Omit<CardShellProps, 'itemName' | 'level' | 'article' | 'number'> & {
  number?: string;
  spoilerName: FormPath;
  /** What the item is ("event") and the field that names it, for its buttons' labels. */
  noun: string;
  labelField: FormPath;
}) {
  const itemName = useItemName(noun, labelField, shell.controls.index);
  return (
    <CardShell
      {...shell}
      number={number || undefined}
      itemName={itemName}
      level={<SpoilerLevelPicker name={spoilerName} label={`Spoiler level of ${itemName}`} compact />}
    />
  );
}
