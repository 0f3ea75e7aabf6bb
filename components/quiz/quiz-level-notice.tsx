import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import { interfaceLocale, readerText } from '@/lib/i18n/reader-text';
import styles from './quiz-level-notice.module.css';

/**
 * Says which questions the reader is shown and how many more wait at higher spoiler levels, with a
 * link per level to include them. Only counts: nothing of a hidden question is ever sent.
 */
export function QuizLevelNotice({
  level,
  shown,
  hiddenByLevel,
  levelHref,
  locale,
}: {
  level: SpoilerLevel;
  shown: number;
  hiddenByLevel: Partial<Record<SpoilerLevel, number>>;
  /** Where a link raising the level to `level` goes: this quiz only, the film page keeps its level. */
  levelHref: (level: SpoilerLevel) => string;
  /** The page's language. */
  locale?: string;
}) {
  const t = readerText(locale);
  const list = new Intl.ListFormat(interfaceLocale(locale), { type: 'conjunction' });
  const levelWords = (l: SpoilerLevel) => t(`quizPage.levelWords.${l}`);
  const higher = SPOILER_LEVELS.filter((l) => levelRank(l) > levelRank(level) && (hiddenByLevel[l] ?? 0) > 0);
  const hidden = higher.reduce((sum, l) => sum + (hiddenByLevel[l] ?? 0), 0);
  return (
    <aside className={styles.notice} aria-label={t('levels.control')}>
      <p className={styles.current}>
        <span className={`${styles.badge} ${styles[level]}`}>{t(`levels.name.${level}`)}</span>
        {t('quizPage.shown', { count: shown })}
      </p>
      {hidden > 0 ? (
        <>
          <p className={styles.hidden}>
            {t('quizPage.hidden', {
              count: hidden,
              more: String(shown > 0),
              levels: list.format(higher.map((l) => t('quizPage.withLevel', { count: hiddenByLevel[l] ?? 0, level: levelWords(l) }))),
            })}
          </p>
          <p className={styles.links}>
            {higher.map((l) => {
              const count = SPOILER_LEVELS.filter((x) => levelRank(x) <= levelRank(l)).reduce(
                (sum, x) => sum + (levelRank(x) > levelRank(level) ? (hiddenByLevel[x] ?? 0) : 0),
                0,
              );
              return (
                <a key={l} href={levelHref(l)} className={styles.link}>
                  {t('quizPage.showUpTo', { full: String(l === 'full'), level: levelWords(l), count })}
                </a>
              );
            })}
          </p>
        </>
      ) : null}
    </aside>
  );
}
