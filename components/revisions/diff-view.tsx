'use client';

import { useState } from 'react';
import { SECTION_LABELS } from '@/lib/page/parts';
import type { FilmDiff } from '@/lib/films/diff';
import { DiffEntryView } from './diff-entry';
import type { DiffLayout } from './text-change';
import styles from './diff-view.module.css';

/** A diff's summary line and its inline / side-by-side switch (films' and people's diffs). */
export function DiffToolbar({
  summary,
  layout,
  onLayout,
}: {
  summary: string;
  layout: DiffLayout;
  onLayout: (layout: DiffLayout) => void;
}) {
  return (
    <div className={styles.toolbar}>
      <p className={styles.summary}>
        <span className={styles.summaryLabel}>Changes:</span> {summary}
      </p>
      <div className={styles.toggle} role="group" aria-label="Show text changes">
        {(['inline', 'side'] as const).map((value) => (
          <button key={value} type="button" aria-pressed={layout === value} className={styles.toggleButton} onClick={() => onLayout(value)}>
            {value === 'inline' ? 'Inline' : 'Side by side'}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * A whole-page diff: the one-line summary, spoiler exposures first and loud, then every change
 * section by section. Text shows word by word, inline or side by side (the editor's choice).
 */
export function DiffView({ diff, beforeLabel, afterLabel }: { diff: FilmDiff; beforeLabel: string; afterLabel: string }) {
  const [layout, setLayout] = useState<DiffLayout>('inline');
  if (diff.identical)
    return (
      <p className={styles.identical}>
        {beforeLabel} and {afterLabel} have the same content.
      </p>
    );

  const sections = [...new Set(diff.entries.map((e) => e.section))];
  return (
    <div className={styles.diff}>
      <DiffToolbar summary={diff.summary} layout={layout} onLayout={setLayout} />

      {diff.flags.length > 0 ? (
        <section className={styles.flags} aria-labelledby="spoiler-flags-title">
          <h3 id="spoiler-flags-title" className={styles.flagsTitle}>
            ⚠ Spoilers become more visible ({diff.flags.length})
          </h3>
          <ul>
            {diff.flags.map((flag, i) => (
              <li key={i}>
                <a href={`#change-${flag.key}`}>{flag.message}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sections.map((section) => (
        <section key={section} className={styles.section} aria-labelledby={`diff-section-${section}`}>
          <h3 id={`diff-section-${section}`} className={styles.sectionTitle}>
            {SECTION_LABELS[section]}
          </h3>
          {diff.entries
            .filter((e) => e.section === section)
            .map((entry, i, all) => (
              // Entries of one item (changed + moved) share the anchor of the first.
              <div
                key={`${entry.key}-${entry.type}`}
                id={all.findIndex((e) => e.key === entry.key) === i ? `change-${entry.key}` : undefined}
              >
                <DiffEntryView
                  entry={entry}
                  flags={diff.flags.filter((f) => f.key === entry.key && (entry.type === 'changed' || entry.type === 'added'))}
                  layout={layout}
                />
              </div>
            ))}
        </section>
      ))}
    </div>
  );
}
