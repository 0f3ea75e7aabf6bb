import type { Tag } from '@/lib/content/schema';
import styles from './chips.module.css';

/**
 * Emoji tags as chips; the emoji is decoration, the label is what is read out. Tags are not
 * translated: `lang` marks them on a page in another language (untranslatableLang).
 */
export function TagChips({ tags, label, lang }: { tags: Tag[]; label: string; lang?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {tags.map((tag, i) => (
        <li key={`${tag.label}-${i}`} className={styles.chip} lang={lang}>
          {tag.emoji && (
            <span className={styles.emoji} aria-hidden="true">
              {tag.emoji}
            </span>
          )}
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

/** Plain word chips (mood keywords), each with its language where it differs from the page's. */
export function WordChips({ words, label }: { words: Array<{ word: string; lang?: string }>; label: string }) {
  if (words.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {words.map(({ word, lang }, i) => (
        <li key={`${word}-${i}`} className={`${styles.chip} ${styles.word}`} lang={lang}>
          {word}
        </li>
      ))}
    </ul>
  );
}
