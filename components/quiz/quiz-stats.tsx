import { plural } from '@/lib/content/derive';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import type { LanguageStats, QuizStats as Stats } from '@/lib/quiz/get-quiz-stats';
import { localeName } from '@/lib/i18n/locale-name';
import styles from './quiz-stats.module.css';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "French", or what an attempt from before languages were recorded is. */
const languageName = (locale: string | null) => (locale === null ? 'Not recorded' : localeName(locale));

/** Taken in more than one language (attempts from before languages were recorded are no language of their own). */
const inSeveralLanguages = (stats: Stats) => stats.languages.filter((l) => l.locale !== null).length > 1;

/** "English: 80% of 10 · French: 33% of 3", in the order given (most first). */
const byLanguage = (languages: LanguageStats[], noun: string) =>
  languages.map((l) => `${languageName(l.locale)}: ${percent(l.shareCorrect)} of ${plural(l.attempts, noun)}`).join(' · ');

/**
 * Statistics of the published quiz, one small bar chart per question: how the answers spread over
 * the options, the correct one in green and the most chosen wrong one in red. Each chart is a real
 * table (option, answers, share), so the numbers are there for screen readers and keyboard users.
 */
export function QuizStats({ stats }: { stats: Stats }) {
  if (stats.publishedRevision === null) {
    return <p className={styles.empty}>The film is not published: statistics appear once readers can take the quiz.</p>;
  }
  if (stats.questions.length === 0) {
    return <p className={styles.empty}>The published page has no quiz questions.</p>;
  }
  return (
    <div className={styles.stats}>
      <p className={styles.summary}>
        <strong>{plural(stats.attempts, 'attempt')}</strong> at the published quiz
        {stats.shareCorrect !== null ? (
          <>
            {' · '}
            <strong>{percent(stats.shareCorrect)}</strong> of all answers correct
          </>
        ) : null}
        . Anonymous: no reader is identified.
      </p>
      {/* Taken in more than one language: compared per language, so a question answered wrongly far more often in one is noticed. */}
      {inSeveralLanguages(stats) ? (
        <p className={styles.summary} data-testid="quiz-languages">
          Correct answers by language: {byLanguage(stats.languages, 'attempt')}.
        </p>
      ) : null}
      <ol className={styles.list}>
        {stats.questions.map((q, index) => (
          <li key={q.id}>
            <article className={styles.card} aria-labelledby={`stats-${q.id}`}>
              <h3 id={`stats-${q.id}`} className={styles.prompt}>
                <span className={styles.number}>{index + 1}</span>
                <span>{q.prompt}</span>
                <span className={`${styles.level} ${styles[q.spoiler]}`}>{SPOILER_LABELS[q.spoiler]}</span>
              </h3>
              <dl className={styles.tiles}>
                <div className={styles.tile}>
                  <dt>Attempts</dt>
                  <dd data-testid="question-attempts">{q.attempts}</dd>
                </div>
                <div className={styles.tile}>
                  <dt>Answered correctly</dt>
                  <dd>{q.attempts > 0 ? percent(q.shareCorrect) : '–'}</dd>
                </div>
                <div className={`${styles.tile} ${styles.wide}`}>
                  <dt>Most chosen wrong option</dt>
                  <dd>{q.mostChosenWrong ? `${q.mostChosenWrong.text} (${plural(q.mostChosenWrong.count, 'answer')})` : '–'}</dd>
                </div>
                {inSeveralLanguages(stats) ? (
                  <div className={`${styles.tile} ${styles.wide}`}>
                    <dt>Answered correctly, by language</dt>
                    <dd data-testid="question-languages">{q.languages.length > 0 ? byLanguage(q.languages, 'answer') : '–'}</dd>
                  </div>
                ) : null}
              </dl>
              <table className={styles.chart}>
                <caption className="visually-hidden">Answers to question {index + 1} by option</caption>
                <thead className="visually-hidden">
                  <tr>
                    <th scope="col">Option</th>
                    <th scope="col">Answers</th>
                  </tr>
                </thead>
                <tbody>
                  {q.options.map((o) => {
                    const tone = o.correct ? styles.correct : q.mostChosenWrong?.id === o.id ? styles.topWrong : '';
                    return (
                      <tr key={o.id} className={tone}>
                        <th scope="row" className={styles.optionLabel}>
                          {o.text}
                          {o.correct ? (
                            <span className={styles.correctMark}>
                              {' '}
                              <span aria-hidden="true">✓</span>
                              <span className="visually-hidden">(correct)</span>
                            </span>
                          ) : null}
                        </th>
                        <td className={styles.barCell}>
                          <span className={styles.track} aria-hidden="true">
                            <span className={styles.bar} style={{ width: `${Math.max(o.share * 100, o.count > 0 ? 2 : 0)}%` }} />
                          </span>
                          <span className={styles.value}>
                            {percent(o.share)} <span className={styles.count}>({o.count})</span>
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </article>
          </li>
        ))}
      </ol>
    </div>
  );
}
