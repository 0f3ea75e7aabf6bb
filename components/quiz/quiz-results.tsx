import type { ReactNode, Ref } from 'react';
import type { AnsweredQuestion } from '@/lib/quiz/quiz-schema';
import styles from './quiz-results.module.css';

/** A friendly line for a score. */
export function scoreMessage(score: number, total: number): string {
  if (total === 0) return '';
  const ratio = score / total;
  if (ratio === 1) return 'Perfect: you remember every detail.';
  if (ratio >= 0.7) return 'Well remembered.';
  if (ratio >= 0.4) return 'Not bad: a few details slipped.';
  return 'The story had more in it than it seemed.';
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
}: {
  score: number;
  total: number;
  answered: AnsweredQuestion[];
  /** The "try again" control: a link without JavaScript, a button with it. */
  retry: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Said when some answered questions are above the viewer's spoiler level and left out. */
  hiddenNote?: string | null;
}) {
  return (
    <section className={styles.results} aria-labelledby="quiz-score-heading">
      <div className={styles.scoreCard}>
        <h2 id="quiz-score-heading" ref={headingRef} tabIndex={-1} className={styles.scoreHeading}>
          You scored <span className={styles.scoreValue}>{score}</span> of {total}
        </h2>
        <ScoreMeter score={score} total={total} />
        <p className={styles.scoreMessage}>{scoreMessage(score, total)}</p>
      </div>
      {hiddenNote ? <p className={styles.hiddenNote}>{hiddenNote}</p> : null}

      <ol className={styles.list}>
        {answered.map((q, index) => (
          <li key={q.questionId} className={`${styles.item} ${q.correct ? styles.right : styles.wrong}`}>
            <h3 className={styles.prompt}>
              <span className={styles.number}>Question {index + 1}</span>
              {q.prompt}
            </h3>
            <p className={styles.verdict}>
              <span aria-hidden="true" className={styles.verdictIcon}>
                {q.correct ? '✓' : '✗'}
              </span>
              {q.correct ? 'Right' : 'Wrong'}
            </p>
            <ul className={styles.options} aria-label="Options">
              {q.options.map((option) => {
                const chosen = option.id === q.chosenOptionId;
                const correct = option.id === q.correctOptionId;
                return (
                  <li
                    key={option.id}
                    className={`${styles.option} ${correct ? styles.optionCorrect : ''} ${chosen && !correct ? styles.optionWrong : ''}`}
                  >
                    <span>{option.text}</span>
                    {chosen || correct ? (
                      <span className={styles.tags}>
                        {chosen ? <span className={styles.tag}>Your answer</span> : null}
                        {correct ? <span className={`${styles.tag} ${styles.tagCorrect}`}>Correct answer</span> : null}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {q.explanation ? <p className={styles.explanation}>{q.explanation}</p> : null}
          </li>
        ))}
      </ol>

      <div className={styles.end}>
        <p className={styles.endScore}>
          Final score:{' '}
          <strong>
            {score} of {total}
          </strong>
        </p>
        <p className={styles.invite}>Think you can do better? {retry}</p>
      </div>
    </section>
  );
}

function ScoreMeter({ score, total }: { score: number; total: number }) {
  const percent = total > 0 ? Math.round((score / total) * 100) : 0;
  return (
    <div className={styles.meter} role="img" aria-label={`${percent}% right`}>
      <span className={styles.meterFill} style={{ width: `${percent}%` }} />
    </div>
  );
}
