import type { SpoilerLevel } from '@/lib/spoilers/levels';
import styles from './diff-view.module.css';

/** A spoiler level as a coloured chip: none, light, full. */
export function LevelChip({ level }: { level: SpoilerLevel | null | undefined }) {
  if (!level) return <span className={styles.chip}>—</span>;
  return <span className={`${styles.chip} ${styles[`level_${level}`]}`}>{level}</span>;
}
