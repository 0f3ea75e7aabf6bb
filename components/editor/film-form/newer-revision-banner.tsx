import type { FilmStatusInfo } from '@/lib/films/film-status';
import { TimeAgo } from '../time-ago';
import styles from './film-editor.module.css';

/** Someone (the status poll says) saved a revision newer than the one the form is based on. */
export function NewerRevisionBanner({
  current,
  baseRevision,
  userLabel,
}: {
  current: FilmStatusInfo;
  baseRevision: number;
  userLabel: string;
}) {
  return (
    <section className={`${styles.banner} ${styles.bannerWarning}`} aria-labelledby="newer-title">
      <div>
        <h2 id="newer-title" className={styles.bannerTitle}>
          {current.updatedBy === userLabel ? 'You' : (current.updatedBy ?? 'Someone')} saved revision {current.latestRevision}{' '}
          <TimeAgo iso={current.updatedAt} />
        </h2>
        <p className={styles.bannerText}>
          You are editing revision {baseRevision}. When you save, you will see what changed and choose which version to keep.
        </p>
      </div>
    </section>
  );
}
