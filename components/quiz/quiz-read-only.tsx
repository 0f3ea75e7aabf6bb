import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import type { QuizFormValues } from '@/lib/quiz/quiz-schema';
import styles from './quiz-read-only.module.css';

/** The quiz as an editor sees it: every question and answer, nothing to change (admins only). */
export function QuizReadOnly({ quiz }: { quiz: QuizFormValues }) {
  return (
    <div className={styles.readOnly}>
      <p className={styles.notice} role="note">
        Only admins can change the quiz. You can read it here; it is published with the page.
      </p>
      {quiz.questions.length === 0 ? <p className={styles.empty}>No questions yet.</p> : null}
      <ol className={styles.list}>
        {quiz.questions.map((q, index) => (
          <li key={q.id} className={styles.card}>
            <h3 className={styles.prompt}>
              <span className={styles.number}>{index + 1}</span>
              <span>{q.prompt}</span>
              <span className={`${styles.level} ${styles[q.spoiler]}`}>{SPOILER_LABELS[q.spoiler]}</span>
            </h3>
            <ul className={styles.options}>
              {q.options.map((o) => (
                <li key={o.id} className={o.correct ? styles.correct : undefined}>
                  {o.text}
                  {o.correct ? <span className={styles.correctMark}> ✓ correct</span> : null}
                </li>
              ))}
            </ul>
            {q.explanation ? (
              <p className={styles.explanation}>
                <span className={styles.explanationLabel}>Explanation: </span>
                {q.explanation}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
