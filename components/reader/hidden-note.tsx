import type { ReactNode } from 'react';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import { plural } from '@/lib/content/derive';
import { INTERFACE_LOCALE, interfaceLocale, partWords, readerText } from '@/lib/i18n/reader-text';
import type { CountedPart } from '@/lib/spoilers/level-counts';
import type { HrefForLevel } from './spoiler-control';
import styles from './hidden-note.module.css';

/**
 * Stands where held-back content would be: says how much is hidden and links to the levels that
 * reveal more (with `reveals`, only those that show more of it). The hidden content itself was
 * never loaded. Each link comes back to `section`, where the reader was.
 */
export function HiddenNote({
  count,
  noun,
  part,
  locale,
  level,
  hrefForLevel,
  more = true,
  revealAt = 'none',
  reveals,
  section,
  children,
}: {
  count?: number;
  /** What is counted, in English ("event"); in another language the part's own words (`part`). */
  noun?: string;
  part?: CountedPart;
  locale?: string;
  level: SpoilerLevel;
  hrefForLevel: HrefForLevel;
  more?: boolean;
  /** The lowest level that shows this content (the full story: full), when known. */
  revealAt?: SpoilerLevel;
  /** Whether a level shows more of this content (from the page's counts). */
  reveals?: (level: SpoilerLevel) => boolean;
  /** The page section it stands in: the level links come back to it. */
  section?: string;
  children?: ReactNode;
}) {
  const higher = SPOILER_LEVELS.filter(
    (l) => levelRank(l) > levelRank(level) && levelRank(l) >= levelRank(revealAt) && (reveals?.(l) ?? true),
  );
  // Nothing above this level holds any of it (the counts say so): no "contains spoilers" line offering nothing.
  if (reveals && higher.length === 0) return null;
  const t = readerText(locale);
  const english = interfaceLocale(locale) === INTERFACE_LOCALE;
  const counted =
    count === undefined || !noun
      ? null
      : english || !part
        ? more
          ? plural(count, `more ${noun}`, `more ${noun}s`)
          : plural(count, noun)
        : partWords(locale).count(part, count, more);
  const what = children ?? (counted === null ? t('hidden.part') : t('hidden.items', { count: count!, what: counted }));
  return (
    <div className={styles.note} role="note">
      <span className={styles.icon} aria-hidden="true" />
      <p className={styles.text}>
        {what}{' '}
        {higher.map((l, i) => (
          <span key={l}>
            {i > 0 && <span aria-hidden="true"> · </span>}
            <a href={hrefForLevel(l, section)} rel="nofollow" className={styles.reveal}>
              {t(`levels.show.${l}`)}
            </a>
          </span>
        ))}
      </p>
    </div>
  );
}
