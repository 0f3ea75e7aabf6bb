import type { SpoilerLevel } from '@/lib/spoilers/levels';
import { readerText } from '@/lib/i18n/reader-text';
import styles from './chips.module.css';

/** Marks an item that is shown only because the reader chose a higher level. */
export function SpoilerBadge({ level, locale }: { level: SpoilerLevel; locale?: string }) {
  const label = level === 'none' ? null : readerText(locale)(`levels.badge.${level}`);
  return label ? (
    <span className={styles.badge} data-level={level}>
      {label}
    </span>
  ) : null;
}
