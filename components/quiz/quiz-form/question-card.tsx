import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { QuizFormValues } from '@/lib/quiz/quiz-schema';
import type { SortableControls } from '@/components/editor/film-form/sortable-list';
import { CardShell } from '@/components/editor/film-form/item-card';
import { SpoilerLevelPicker } from '@/components/editor/film-form/spoiler-level-picker';
import ui from '@/components/editor/ui.module.css';
import { ErrorText, useError } from './field-error';
import { OptionsEditor } from './options-editor';
import styles from './quiz-editor.module.css';

/**
 * One question: its prompt, options and explanation in a collapsible card, its spoiler level in the
 * card's header (set without opening it; readers below it are not sent the question).
 */
export function QuestionCard({
  index,
  controls,
  onRemove,
  defaultOpen,
}: {
  index: number;
  controls: SortableControls;
  onRemove: () => void;
  /** Saved questions start collapsed (the list reads as an outline); new ones open. */
  defaultOpen: boolean;
}) {
  const { register } = useFormContext<QuizFormValues>();
  const id = useId();
  const prompt = useWatch<QuizFormValues, `questions.${number}.prompt`>({ name: `questions.${index}.prompt` });
  const options = useWatch<QuizFormValues, `questions.${number}.options`>({ name: `questions.${index}.options` }) ?? [];
  const correctText = options.find((o) => o.correct)?.text.trim();
  const promptError = useError(`questions.${index}.prompt`);
  const explanationError = useError(`questions.${index}.explanation`);
  const name = `question ${index + 1}`;

  // A question with a problem opens by itself (CardShell), so an error is never hidden in a collapsed card.
  return (
    <CardShell
      controls={controls}
      itemName={name}
      number={index + 1}
      title={prompt?.trim() || 'New question'}
      subtitle={`${options.length} options${correctText ? ` · correct: ${correctText}` : ' · no correct option yet'}`}
      level={<SpoilerLevelPicker name={`questions.${index}.spoiler`} label={`Spoiler level of ${name}`} compact />}
      errorPath={`questions.${index}`}
      onRemove={onRemove}
      defaultOpen={defaultOpen}
      article={{ titleId: `${id}-title`, removeText: 'Remove' }}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-prompt`} className={ui.label}>
          Question {index + 1}: prompt
        </label>
        <textarea
          id={`${id}-prompt`}
          rows={2}
          className={`${ui.input} ${styles.shortText}`}
          aria-invalid={promptError ? true : undefined}
          aria-describedby={promptError ? `${id}-prompt-error` : undefined}
          {...register(`questions.${index}.prompt`)}
        />
        <ErrorText id={`${id}-prompt-error`} message={promptError} />
      </div>

      <OptionsEditor questionIndex={index} questionName={name} />

      <div className={styles.field}>
        <label htmlFor={`${id}-explanation`} className={ui.label}>
          Explanation <span className={ui.optional}>(shown after answering)</span>
        </label>
        <textarea
          id={`${id}-explanation`}
          rows={2}
          className={`${ui.input} ${styles.shortText}`}
          aria-invalid={explanationError ? true : undefined}
          {...register(`questions.${index}.explanation`)}
        />
        <ErrorText id={`${id}-explanation-error`} message={explanationError} />
      </div>
    </CardShell>
  );
}
