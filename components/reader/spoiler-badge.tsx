import type { SpoilerLevel } from '@/lib/spoilers/levels';
import styles from './chips.module.css';

const BADGES: Partial<Record<SpoilerLevel, string>> = { light: 'Light spoiler', full: 'Full spoiler' };

/** Marks an item that is shown only because the reader chose a higher level. */
export function SpoilerBadge({ level }: { level: SpoilerLevel }) {
  const label = BADGES[level];
  return label ? (
    <span className={styles.badge} data-level={level}>
      {label}
    </span>
  ) : null;
}
