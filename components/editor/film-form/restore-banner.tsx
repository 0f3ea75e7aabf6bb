import { absoluteTime, TimeAgo } from '../time-ago';
import ui from '../ui.module.css';
import styles from './film-editor.module.css';

/** Offered when the user's autosave slot holds work the latest revision does not have. */
export function RestoreBanner({
  savedAt,
  baseRevision,
  latestRevision,
  onRestore,
  onDiscard,
  newerNote = 'saving them will show you what changed',
}: {
  savedAt: string;
  baseRevision: number;
  latestRevision: number;
  onRestore: () => void;
  onDiscard: () => void;
  /** What saving does when a newer revision was saved since the work started. */
  newerNote?: string;
}) {
  return (
    <section className={`${styles.banner} ${styles.bannerInfo}`} aria-labelledby="restore-title">
      <div>
        <h2 id="restore-title" className={styles.bannerTitle}>
          You have unsaved changes from <TimeAgo iso={savedAt} />
        </h2>
        <p className={styles.bannerText}>
          Autosaved on {absoluteTime(savedAt)}, but never saved as a revision.
          {baseRevision < latestRevision
            ? ` They started from revision ${baseRevision}; revision ${latestRevision} is newer, so ${newerNote}.`
            : ''}
        </p>
      </div>
      <div className={styles.bannerActions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onRestore}>
          Restore unsaved changes
        </button>
        <button type="button" className={ui.button} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </section>
  );
}
