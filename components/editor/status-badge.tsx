import { FILM_STATUS_LABELS, type FilmStatus } from '@/lib/films/film-status';
import styles from './status-badge.module.css';

export function StatusBadge({ status }: { status: FilmStatus }) {
  return (
    <span className={`${styles.badge} ${styles[status]}`} data-status={status}>
      {FILM_STATUS_LABELS[status]}
    </span>
  );
}
