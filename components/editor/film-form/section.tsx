import type { ReactNode } from 'react';
import type { SectionId } from './sections';
import styles from './section.module.css';

/** A collapsible part of the form, with its error count in the heading. */
export function Section({
  id,
  title,
  description,
  open,
  onToggle,
  errorCount,
  count,
  children,
}: {
  id: SectionId;
  title: string;
  description?: ReactNode;
  open: boolean;
  onToggle: (id: SectionId) => void;
  errorCount: number;
  /** e.g. the number of items in a list section. */
  count?: number;
  children: ReactNode;
}) {
  const bodyId = `section-${id}-body`;
  return (
    <section id={`section-${id}`} className={styles.section} aria-labelledby={`section-${id}-title`}>
      <h2 className={styles.heading} id={`section-${id}-title`}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => onToggle(id)}>
          <span className={styles.chevron} aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className={styles.title}>{title}</span>
          {count !== undefined ? <span className={styles.count}>{count}</span> : null}
          {errorCount > 0 ? (
            <span className={styles.errors}>
              {errorCount} {errorCount === 1 ? 'error' : 'errors'}
            </span>
          ) : null}
        </button>
      </h2>
      <div id={bodyId} className={styles.body} hidden={!open}>
        {description ? <p className={styles.description}>{description}</p> : null}
        {children}
      </div>
    </section>
  );
}
