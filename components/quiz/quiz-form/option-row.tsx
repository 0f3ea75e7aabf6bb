import type { UseFormRegisterReturn } from 'react-hook-form';
import ui from '@/components/editor/ui.module.css';
import { ErrorText, useError } from './field-error';
import { MIN_OPTIONS, OPTION_LETTERS } from './question-limits';
import styles from './quiz-editor.module.css';

export function OptionRow({
  id,
  index,
  radioName,
  correct,
  onCorrect,
  canRemove,
  onRemove,
  textField,
  questionName,
  path,
}: {
  id: string;
  index: number;
  radioName: string;
  correct: boolean;
  onCorrect: () => void;
  canRemove: boolean;
  onRemove: () => void;
  textField: UseFormRegisterReturn;
  questionName: string;
  path: string;
}) {
  const error = useError(path);
  const letter = OPTION_LETTERS[index] ?? String(index + 1);
  return (
    <li className={`${styles.option} ${correct ? styles.correct : ''}`}>
      <label className={styles.correctToggle}>
        <input
          type="radio"
          name={radioName}
          checked={correct}
          onChange={onCorrect}
          aria-label={`Option ${letter} of ${questionName} is the correct answer`}
        />
        <span aria-hidden="true">{correct ? '✓ Correct' : 'Mark correct'}</span>
      </label>
      <div className={styles.optionText}>
        <label htmlFor={`${id}-text-${index}`} className="visually-hidden">
          Option {letter} of {questionName}
        </label>
        <input
          id={`${id}-text-${index}`}
          className={ui.input}
          placeholder={`Option ${letter}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-text-${index}-error` : undefined}
          {...textField}
        />
        <ErrorText id={`${id}-text-${index}-error`} message={error} />
      </div>
      <button
        type="button"
        className={`${ui.button} ${ui.ghost} ${ui.icon}`}
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={`Remove option ${letter} of ${questionName}`}
        title={canRemove ? 'Remove this option' : `A question needs at least ${MIN_OPTIONS} options`}
      >
        ✕
      </button>
    </li>
  );
}
