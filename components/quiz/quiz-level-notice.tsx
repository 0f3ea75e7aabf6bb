import { plural } from '@/lib/content/derive';
import { SPOILER_LABELS, SPOILER_LEVELS, levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import styles from './quiz-level-notice.module.css';

const LEVEL_NAMES: Record<SpoilerLevel, string> = { none: 'no spoilers', light: 'light spoilers', full: 'full spoilers' };

/**
 * Says which questions the reader is shown and how many more wait at higher spoiler levels, with a
 * link per level to include them. Only counts: nothing of a hidden question is ever sent.
 */
export function QuizLevelNotice({
  level,
  shown,
  hiddenByLevel,
  levelHref,
}: {
  level: SpoilerLevel;
  shown: number;
  hiddenByLevel: Partial<Record<SpoilerLevel, number>>;
  /** Where a link raising the level to `level` goes: this quiz only, the film page keeps its level. */
  levelHref: (level: SpoilerLevel) => string;
}) {
  const higher = SPOILER_LEVELS.filter((l) => levelRank(l) > levelRank(level) && (hiddenByLevel[l] ?? 0) > 0);
  const hidden = higher.reduce((sum, l) => sum + (hiddenByLevel[l] ?? 0), 0);
  return (
    <aside className={styles.notice} aria-label="Spoiler level">
      <p className={styles.current}>
        <span className={`${styles.badge} ${styles[level]}`}>{SPOILER_LABELS[level]}</span>
        {shown === 0 ? 'No questions at this level.' : `${plural(shown, 'question')} at this level.`}
      </p>
      {hidden > 0 ? (
        <>
          <p className={styles.hidden}>
            {plural(hidden, shown > 0 ? 'more question' : 'question')} {hidden === 1 ? 'is' : 'are'} hidden because{' '}
            {hidden === 1 ? 'it reveals' : 'they reveal'} more of the story
            {': '}
            {higher.map((l, i) => (
              <span key={l}>
                {i > 0 ? ' and ' : ''}
                {hiddenByLevel[l]} with {LEVEL_NAMES[l]}
              </span>
            ))}
            .
          </p>
          <p className={styles.links}>
            {higher.map((l) => {
              const count = SPOILER_LEVELS.filter((x) => levelRank(x) <= levelRank(l)).reduce(
                (sum, x) => sum + (levelRank(x) > levelRank(level) ? (hiddenByLevel[x] ?? 0) : 0),
                0,
              );
              return (
                <a key={l} href={levelHref(l)} className={styles.link}>
                  Show {l === 'full' ? 'all questions' : `questions up to ${LEVEL_NAMES[l]}`} (+{count})
                </a>
              );
            })}
          </p>
        </>
      ) : null}
    </aside>
  );
}
