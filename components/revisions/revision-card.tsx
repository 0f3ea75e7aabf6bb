import type { ComparedRevision } from '@/lib/films/compare-revisions';
import { TimeAgo } from '@/components/editor/time-ago';
import { RevisionBadges } from './revision-badges';
import styles from './history-page.module.css';

/** Who saved a revision, when and why: the header of each side of a comparison. */
export function RevisionCard({ revision, role }: { revision: ComparedRevision; role: string }) {
  return (
    <div className={styles.card}>
      <h2 className={styles.cardTitle}>
        {role}: revision {revision.number} <RevisionBadges revision={revision} />
      </h2>
      <p className={styles.muted}>
        {revision.author ?? 'system'} · <TimeAgo iso={revision.createdAt} />
        {revision.message ? <> · “{revision.message}”</> : null}
      </p>
    </div>
  );
}
