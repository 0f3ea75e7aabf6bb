import { Fragment, useDeferredValue, useMemo } from 'react';
import { useModalDialog } from '../confirm-dialog';
import { useWatch } from 'react-hook-form';
import type { FilmContent } from '@/lib/content/schema';
import { countReaderViews, describeEmpty, describeLevelView, emptyViews, READER_AT, type LevelView } from '@/lib/spoilers/level-counts';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import type { SectionId } from './sections';
import ui from '../ui.module.css';
import styles from './reader-view.module.css';
import dots from './level-dot.module.css';
import dialogStyles from '../dialog.module.css';

function totals(view: LevelView) {
  return view.parts.reduce((sum, p) => ({ shown: sum.shown + p.shown, total: sum.total + p.total }), { shown: 0, total: 0 });
}

/** Each level's sentence ("A no-spoiler reader sees 0 of 13 events, …"), then what it would miss; the dot is the level's colour. */
function LevelSentences({ views, inDialog = false }: { views: LevelView[]; inDialog?: boolean }) {
  return (
    <ul className={inDialog ? `${styles.levels} ${styles.dialogLevels}` : styles.levels}>
      {views.map((view) => (
        <li key={view.level} className={dots[view.level]}>
          {describeLevelView(view)}
          {view.empty.length > 0 ? <span className={styles.warning}> {describeEmpty(view)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * What readers at each level will see of the form as it is now, counted by the readers' own filter
 * (lib/spoilers/count-reader-view). A line under the action bar; opens to a sentence per level.
 */
export function ReaderViewSummary() {
  const values = useWatch<FilmContent>() as FilmContent;
  // Counting three levels on every keystroke is cheap, but it need not hold typing up.
  const deferred = useDeferredValue(values);
  const views = useMemo(() => countReaderViews(deferred), [deferred]);
  const warned = emptyViews(views);
  return (
    <details className={styles.summary}>
      <summary>
        <span className={styles.what}>What readers will see:</span>{' '}
        {views.map((view, i) => {
          const { shown, total } = totals(view);
          return (
            <Fragment key={view.level}>
              {i > 0 ? ' · ' : null}
              <span className={styles.count}>
                {SPOILER_LABELS[view.level]} {shown} of {total}
                {i === 0 ? ' items' : ''}
              </span>
            </Fragment>
          );
        })}
        {warned.length > 0 ? (
          <>
            {' · '}
            <span className={styles.warning}>
              {warned.map((v, i) => (i === 0 ? READER_AT[v.level] : READER_AT[v.level].replace(/^A /, 'a '))).join(' and ')} would see
              nothing in some sections
            </span>
          </>
        ) : null}
      </summary>
      <LevelSentences views={views} />
    </details>
  );
}

/**
 * Asked before publishing a revision in which a level would see nothing of a section that has
 * items (an imported page has every item at full): what each level will see, then "Publish
 * anyway" or go back and set levels.
 */
export function PublishCheckDialog({
  views,
  emptyParts = [],
  revision,
  onPublish,
  onReview,
  onCancel,
}: {
  /** The levels of the revision to publish; null: the dialog is closed. */
  views: LevelView[] | null;
  /** Parts with nothing in them at all: readers are not shown them. */
  emptyParts?: Array<{ section: SectionId; label: string }>;
  revision: number;
  onPublish: () => void;
  onReview: (section: SectionId) => void;
  onCancel: () => void;
}) {
  const dialog = useModalDialog(views !== null);

  const firstEmpty = views ? (emptyViews(views)[0]?.empty[0] ?? emptyParts[0]) : undefined;
  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby="publish-check-title"
      aria-describedby="publish-check-lead"
      onClose={onCancel}
    >
      <h2 id="publish-check-title" className={dialogStyles.title}>
        Some readers would see nothing in parts of this page
      </h2>
      <p id="publish-check-lead" className={ui.hint}>
        Items above a reader’s spoiler level are left out for them. Imported pages start with every item at full spoilers.
      </p>
      {views ? <LevelSentences views={views} inDialog /> : null}
      {emptyParts.length > 0 ? (
        <p className={ui.hint} data-empty-parts="">
          Nothing in {emptyParts.map((part) => part.label).join(', ')}: readers will not see{' '}
          {emptyParts.length === 1 ? 'this part' : 'these parts'}.
        </p>
      ) : null}
      <div className={dialogStyles.actions}>
        {firstEmpty ? (
          <button type="button" className={ui.button} onClick={() => onReview(firstEmpty.section)}>
            {emptyViews(views ?? []).length > 0 ? 'Set levels first' : 'Fill it in first'}
          </button>
        ) : null}
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onPublish}>
          Publish revision {revision} anyway
        </button>
      </div>
    </dialog>
  );
}
