import type { ReactNode, Ref } from 'react';
import type { AnsweredQuestion } from '@/lib/quiz/quiz-schema';
import styles from './quiz-results.module.css';
import type { QuizWords } from '@/lib/i18n/reader-text';
import { fill, fillNodes } from './quiz-words';
import { quizUnitKey, untranslatedLang, type Untranslated } from '@/lib/translations/unit-key';

/** A friendly line for a score. */
export function scoreMessage(score: number, total: number, words: QuizWords): string {
  if (total === 0) return '';
  const ratio = score / total;
  if (ratio === 1) return words.perfect;
  if (ratio >= 0.7) return words.well;
  if (ratio >= 0.4) return words.notBad;
  return words.more;
}

/**
 * The scored attempt: the score first, then each question with the reader's answer, the correct one
 * and the explanation, and at the end the score again with an invitation to retry. Rendered by the
 * server (results page of a plain form submission) and by the client (after the API answered).
 */
export function QuizResults({
  score,
  total,
  answered,
  retry,
  headingRef,
  hiddenNote,
  words,
  untranslated,
}: {
  score: number;
  total: number;
  answered: AnsweredQuestion[];
  /** The "try again" control: a link without JavaScript, a button with it. */
  retry: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Said when some answered questions are above the viewer's spoiler level and left out. */
  hiddenNote?: string | null;
  /** The words, in the page's language. */
  words: QuizWords;
  /** The quiz's texts in the page's own language (no current translation): marked with `lang`. */
  untranslated?: Untranslated;
}) {
  const lang = untranslatedLang(untranslated);
  return (
    <section className={styles.results} aria-labelledby="quiz-score-heading">
      <div className={styles.scoreCard}>
        <h2 id="quiz-score-heading" ref={headingRef} tabIndex={-1} className={styles.scoreHeading}>
          {fillNodes(words.scoredHeading, {
            n: (
              <span key="n" className={styles.scoreValue}>
                {score}
              </span>
            ),
            total,
          })}
        </h2>
        <ScoreMeter score={score} total={total} words={words} />
        <p className={styles.scoreMessage}>{scoreMessage(score, total, words)}</p>
      </div>
      {hiddenNote ? <p className={styles.hiddenNote}>{hiddenNote}</p> : null}

      <ol className={styles.list}>
        {answered.map((q, index) => (
          <li key={q.questionId} className={`${styles.item} ${q.correct ? styles.right : styles.wrong}`}>
            <h3 className={styles.prompt}>
              <span className={styles.number}>{fill(words.question, { n: index + 1 })}</span>
              <span lang={lang(quizUnitKey(q.questionId, 'prompt'))}>{q.prompt}</span>
            </h3>
            <p className={styles.verdict}>
              <span aria-hidden="true" className={styles.verdictIcon}>
                {q.correct ? '✓' : '✗'}
              </span>
              {q.correct ? words.right : words.wrong}
            </p>
            <ul className={styles.options} aria-label={words.options}>
              {q.options.map((option) => {
                const chosen = option.id === q.chosenOptionId;
                const correct = option.id === q.correctOptionId;
                return (
                  <li
                    key={option.id}
                    className={`${styles.option} ${correct ? styles.optionCorrect : ''} ${chosen && !correct ? styles.optionWrong : ''}`}
                  >
                    <span lang={lang(quizUnitKey(q.questionId, 'options', option.id))}>{option.text}</span>
                    {chosen || correct ? (
                      <span className={styles.tags}>
                        {chosen ? <span className={styles.tag}>{words.yourAnswer}</span> : null}
                        {correct ? <span className={`${styles.tag} ${styles.tagCorrect}`}>{words.correctAnswer}</span> : null}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {q.explanation ? (
              <p className={styles.explanation} lang={lang(quizUnitKey(q.questionId, 'explanation'))}>
                {q.explanation}
              </p>
            ) : null}
          </li>
        ))}
      </ol>

      <div className={styles.end}>
        <p className={styles.endScore}>
          {words.finalScore} <strong>{fill(words.scoreOf, { n: score, total })}</strong>
        </p>
        <p className={styles.invite}>
          {words.invite} {retry}
        </p>
      </div>
    </section>
  );
}

function ScoreMeter({ score, total, words }: { score: number; total: number; words: QuizWords }) {
  const percent = total > 0 ? Math.round((score / total) * 100) : 0;
  return (
    <div className={styles.meter} role="img" aria-label={fill(words.percentRight, { n: percent })}>
      <span className={styles.meterFill} style={{ width: `${percent}%` }} />
    </div>
  );
}
