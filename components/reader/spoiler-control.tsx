import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import styles from './spoiler-control.module.css';

const HINTS: Record<SpoilerLevel, string> = {
  none: 'The setup only',
  light: 'Key turns, not the end',
  full: 'Everything, the ending too',
};

export type HrefForLevel = (level: SpoilerLevel) => string;

/**
 * The reader's spoiler level: plain links (they set the cookie and come back), so it works without
 * JavaScript. Content above the level is never sent, so choosing a level reloads the page.
 */
export function SpoilerControl({ level, hrefForLevel }: { level: SpoilerLevel; hrefForLevel: HrefForLevel }) {
  return (
    <nav className={styles.control} aria-label="Spoiler level">
      <p className={styles.label} id="spoiler-level-label">
        How much to reveal
      </p>
      <ul className={styles.options} aria-labelledby="spoiler-level-label">
        {SPOILER_LEVELS.map((option) => (
          <li key={option}>
            <a
              className={styles.option}
              href={hrefForLevel(option)}
              rel="nofollow"
              aria-current={option === level ? 'true' : undefined}
              data-level={option}
            >
              <span className={styles.name}>{SPOILER_LABELS[option]}</span>
              <span className={styles.hint}>{HINTS[option]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
