import type { ReactNode } from 'react';
import { SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { readerText } from '@/lib/i18n/reader-text';
import styles from './spoiler-control.module.css';

/** Where a level link goes; `section` is the part of the page to come back to (`#section`). */
export type HrefForLevel = (level: SpoilerLevel, section?: string) => string;

/**
 * What choosing a level would change for this page ("3 more events, 1 character"), or null when it
 * would change nothing: that level is then not offered. Without it every level is offered.
 */
export type DescribeLevel = (level: SpoilerLevel) => string | null;

/**
 * The reader's spoiler level: plain links (they set the cookie and come back), so it works without
 * JavaScript. Content above the level is never sent, so choosing a level reloads the page; the
 * links carry `data-level-link`, so ReadingPosition can send the reader back to where they were.
 */
export function SpoilerControl({
  level,
  hrefForLevel,
  describe,
  idPrefix = 'spoiler-level',
  locale,
  children,
}: {
  locale?: string;
  /** The reader's level; null when the page is read up to a point instead (no level is claimed). */
  level: SpoilerLevel | null;
  hrefForLevel: HrefForLevel;
  describe?: DescribeLevel;
  /** Unique per page: the control may appear twice (the sidebar and the phone's bar). */
  idPrefix?: string;
  /** Below the options (the "for all films" choice). */
  children?: ReactNode;
}) {
  const labelId = `${idPrefix}-label`;
  const t = readerText(locale);
  return (
    <nav className={styles.control} aria-label={t('levels.control')}>
      <p className={styles.label} id={labelId}>
        {t('levels.howMuch')}
      </p>
      <ul className={styles.options} aria-labelledby={labelId}>
        {SPOILER_LEVELS.map((option) => {
          const detail = option === level ? null : describe?.(option);
          const offered = option === level || !describe || detail !== null;
          const content = (
            <>
              <span className={styles.name}>{t(`levels.name.${option}`)}</span>
              <span className={styles.hint}>{t(`levels.hint.${option}`)}</span>
              {describe && option !== level ? <span className={styles.gain}>{detail ?? t('levels.nothingMore')}</span> : null}
            </>
          );
          return (
            <li key={option}>
              {offered ? (
                <a
                  className={styles.option}
                  href={hrefForLevel(option)}
                  rel="nofollow"
                  aria-current={option === level ? 'true' : undefined}
                  data-level={option}
                  data-level-link=""
                >
                  {content}
                </a>
              ) : (
                <span className={`${styles.option} ${styles.unavailable}`} data-level={option}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {children}
    </nav>
  );
}
