import styles from './revision-table.module.css';

type Badged = { number: number; published: boolean; latest: boolean; source: string; restoredFrom: number | null };

/** "Published", "Latest draft", "Restored from 3", "Imported": what a revision is, at a glance. */
export function RevisionBadges({ revision }: { revision: Badged }) {
  return (
    <span className={styles.badges}>
      {revision.published ? <span className={`${styles.badge} ${styles.published}`}>Published</span> : null}
      {revision.latest ? <span className={`${styles.badge} ${styles.latest}`}>Latest draft</span> : null}
      {revision.source === 'RESTORE' && revision.restoredFrom ? (
        <span className={styles.badge}>Restored from {revision.restoredFrom}</span>
      ) : null}
      {revision.source === 'IMPORT' ? <span className={styles.badge}>Imported</span> : null}
    </span>
  );
}
