import { useEffect, useId, useRef } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { newItemId } from '@/lib/content/schema';
import type { QuizFormValues } from '@/lib/quiz/quiz-schema';
import ui from '@/components/editor/ui.module.css';
import { ErrorText, useError } from './field-error';
import { OptionRow } from './option-row';
import { MAX_OPTIONS, MIN_OPTIONS } from './question-limits';
import styles from './quiz-editor.module.css';

/** A question's options: exactly one marked correct, added and removed within the limits. */
export function OptionsEditor({ questionIndex, questionName }: { questionIndex: number; questionName: string }) {
  const { control, register, setValue, getValues, trigger, formState } = useFormContext<QuizFormValues>();
  const path = `questions.${questionIndex}.options` as const;
  const options = useFieldArray({ control, name: path, keyName: 'key' });
  const values = useWatch<QuizFormValues, typeof path>({ name: path }) ?? [];
  const listError = useError(path);
  const id = useId();
  const lastAdded = useRef<number | null>(null);

  useEffect(() => {
    if (lastAdded.current === null) return;
    document.getElementById(`${id}-text-${lastAdded.current}`)?.focus();
    lastAdded.current = null;
  });

  function markCorrect(index: number) {
    getValues(path).forEach((_, i) => setValue(`${path}.${i}.correct`, i === index, { shouldDirty: true }));
    if (formState.isSubmitted) void trigger(path);
  }

  return (
    <fieldset className={styles.options} aria-describedby={listError ? `${id}-error` : undefined}>
      <legend className={ui.label}>Options (choose the correct one)</legend>
      <ol className={styles.optionList}>
        {options.fields.map((field, index) => (
          <OptionRow
            key={field.key}
            id={id}
            index={index}
            radioName={`${id}-correct`}
            correct={Boolean(values[index]?.correct)}
            onCorrect={() => markCorrect(index)}
            canRemove={options.fields.length > MIN_OPTIONS}
            onRemove={() => {
              options.remove(index);
              // Removing the correct option leaves none: the form then asks which one is.
              if (formState.isSubmitted) void trigger(path);
            }}
            textField={register(`${path}.${index}.text`)}
            questionName={questionName}
            path={`${path}.${index}.text`}
          />
        ))}
      </ol>
      <ErrorText id={`${id}-error`} message={listError} />
      <button
        type="button"
        className={`${ui.button} ${ui.small}`}
        disabled={options.fields.length >= MAX_OPTIONS}
        onClick={() => {
          lastAdded.current = options.fields.length;
          options.append({ id: newItemId(), text: '', correct: false }, { shouldFocus: false });
        }}
      >
        + Add an option
      </button>
      {options.fields.length >= MAX_OPTIONS ? <p className={ui.hint}>A question has at most {MAX_OPTIONS} options.</p> : null}
    </fieldset>
  );
}
