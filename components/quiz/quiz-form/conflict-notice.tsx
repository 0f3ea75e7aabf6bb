import { sameContent } from '@/lib/content/same-content';
import type { QuizFormValues } from '@/lib/quiz/quiz-schema';
import ui from '@/components/editor/ui.module.css';
import styles from './quiz-editor.module.css';

/** The newest revision a refused save carries (lib/films/save-draft.ts SaveConflict). */
export type QuizConflict = { current: { number: number; author: string | null; content: { quiz: QuizFormValues } } };

/**
 * A save refused because revision N was saved meanwhile: when that revision changed the quiz too,
 * the admin keeps theirs or loads the other; when it did not, saving on top of it loses nothing.
 */
export function ConflictNotice({
  conflict,
  mine,
  base,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: QuizConflict;
  mine: QuizFormValues;
  base: QuizFormValues;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const theirs = conflict.current.content.quiz;
  const quizChanged = !sameContent(theirs, base);
  const who = conflict.current.author ?? 'someone else';
  return (
    <div role="alert" className={styles.conflict}>
      <h3 className={styles.conflictTitle}>Not saved: revision {conflict.current.number} was saved meanwhile</h3>
      {quizChanged ? (
        <p>
          {who} changed the quiz too ({theirs.questions.length} questions in their version, {mine.questions.length} in yours). Keep yours to
          save it on top of their revision (their quiz changes are replaced; the rest of their page is kept), or load theirs and lose your
          changes.
        </p>
      ) : (
        <p>{who} changed other parts of the page, not the quiz. Save your quiz on top of their revision: their changes are kept.</p>
      )}
      <div className={styles.conflictActions}>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onKeepMine}>
          {quizChanged ? 'Keep my quiz' : `Save on top of revision ${conflict.current.number}`}
        </button>
        {quizChanged ? (
          <button type="button" className={ui.button} onClick={onTakeTheirs}>
            Load their quiz
          </button>
        ) : null}
      </div>
    </div>
  );
}
