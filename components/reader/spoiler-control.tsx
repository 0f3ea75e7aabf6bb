import type { ReactNode } from 'react';
import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import styles from './spoiler-control.module.css';

const HINTS: Record<SpoilerLevel, string> = {
  none: 'The setup only',
  light: 'Key turns, not the end',
  full: 'Everything, the ending too',
};

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
  children,
}: {
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
  return (
    <nav className={styles.control} aria-label="Spoiler level">
      <p className={styles.label} id={labelId}>
        How much to reveal
      </p>
      <ul className={styles.options} aria-labelledby={labelId}>
        {SPOILER_LEVELS.map((option) => {
          const detail = option === level ? null : describe?.(option);
          const offered = option === level || !describe || detail !== null;
          const content = (
            <>
              <span className={styles.name}>{SPOILER_LABELS[option]}</span>
              <span className={styles.hint}>{HINTS[option]}</span>
              {describe && option !== level ? <span className={styles.gain}>{detail ?? 'Nothing more to show'}</span> : null}
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
