'use client';

import { useEffect, useId, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  FormProvider,
  get,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { newItemId } from '@/lib/content/schema';
import { sameContent } from '@/lib/content/same-content';
import type { ActionResult } from '@/lib/auth/guarded-action';
import { SPOILER_LABELS, SPOILER_LEVELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { quizFormSchema, type QuizFormValues, type SaveQuizInput } from '@/lib/quiz/quiz-schema';
import { SortableList, type SortableControls } from '@/components/editor/film-form/sortable-list';
import { CardShell, LevelBadge } from '@/components/editor/film-form/item-card';
import { ActionFailure, unwrap } from '@/components/editor/action-result';
import ui from '@/components/editor/ui.module.css';
import styles from './quiz-editor.module.css';

type Question = QuizFormValues['questions'][number];

type SaveResult = { revision: number; quiz: QuizFormValues };
type SaveAction = (input: SaveQuizInput) => Promise<ActionResult<SaveResult>>;

/** The newest revision a refused save carries (lib/revisions/save-draft.ts SaveConflict). */
type Conflict = { current: { number: number; author: string | null; content: { quiz: QuizFormValues } } };

const MIN_OPTIONS = 2;
const MAX_OPTIONS = 6;
const LETTERS = 'ABCDEF';
const resolver = zodResolver(quizFormSchema) as unknown as Resolver<QuizFormValues, unknown, QuizFormValues>;

const newQuestion = (): Question => ({
  id: newItemId(),
  prompt: '',
  // No option is correct until the admin says which: a forgotten choice is an error, not "A".
  options: [
    { id: newItemId(), text: '', correct: false },
    { id: newItemId(), text: '', correct: false },
  ],
  explanation: '',
  // New content is hidden from readers until someone decides it is safe (lib/spoilers/levels.ts).
  spoiler: 'full',
});

/**
 * The admin's quiz editor: questions in order, each with a prompt, 2–6 options of which exactly one
 * is correct, an explanation and a spoiler level. react-hook-form validates with the shared content
 * schema, so the errors shown inline are the server's rules. "Save quiz" makes a new revision of the
 * page (a server action, admins only); the quiz goes live when that revision is published.
 */
export function QuizEditor({
  slug,
  baseRevision: initialBase,
  quiz,
  publishedRevision,
  save,
}: {
  slug: string;
  baseRevision: number;
  quiz: QuizFormValues;
  publishedRevision: number | null;
  save: SaveAction;
}) {
  const [base, setBase] = useState({ revision: initialBase, quiz });
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [message, setMessage] = useState('');
  const router = useRouter();
  const form = useForm<QuizFormValues, unknown, QuizFormValues>({ resolver, defaultValues: quiz, mode: 'onTouched' });
  const { control, handleSubmit, reset, setError, setFocus, formState } = form;
  const questions = useFieldArray({ control, name: 'questions', keyName: 'key' });

  const mutation = useMutation({
    mutationFn: async (input: SaveQuizInput) => unwrap(await save(input)),
    onSuccess: (data) => {
      setBase({ revision: data.revision, quiz: data.quiz });
      reset(data.quiz);
      setMessage('');
      setConflict(null);
      setStatus({
        tone: 'success',
        text: `Saved as revision ${data.revision}. It goes live on the reader site when this revision is published.`,
      });
      // The page's status line (latest and published revision) catches up; this form keeps its state.
      router.refresh();
    },
    onError: (error) => {
      if (!(error instanceof ActionFailure)) {
        setStatus({ tone: 'error', text: 'The quiz was not saved: the server did not answer. Check your connection and try again.' });
        return;
      }
      if (error.status === 409) {
        setConflict(error.details as Conflict);
        setStatus(null);
        return;
      }
      if (error.status === 400 && error.errors.length > 0) {
        for (const e of error.errors) {
          const path = e.path.replace(/^quiz\./, '');
          if (path.startsWith('questions')) setError(path as 'questions', { type: 'server', message: e.message });
        }
      }
      setStatus({ tone: 'error', text: `The quiz was not saved: ${error.message}` });
    },
  });

  const submit = (baseRevision: number) =>
    handleSubmit(
      (values) => {
        setStatus(null);
        mutation.mutate({ slug, baseRevision, quiz: values, message: message.trim() || undefined });
      },
      () => setStatus({ tone: 'error', text: 'The quiz was not saved: fix the problems marked below.' }),
    );

  const dirty = formState.isDirty;
  const savedIds = new Set(base.quiz.questions.map((q) => q.id));
  const live = publishedRevision !== null && publishedRevision === base.revision;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit(base.revision)} noValidate className={styles.editor} aria-describedby="quiz-save-hint">
        {questions.fields.length === 0 ? <p className={styles.empty}>No questions yet. Add the first one below.</p> : null}

        <SortableList
          listId="quiz-questions"
          items={questions.fields}
          nameOf={(index) => `question ${index + 1}`}
          onMove={(from, to) => questions.move(from, to)}
          className={styles.list}
        >
          {(field, controls) => (
            <QuestionCard
              index={controls.index}
              defaultOpen={!savedIds.has(field.id)}
              controls={controls}
              onRemove={() => {
                questions.remove(controls.index);
                setStatus(null);
              }}
            />
          )}
        </SortableList>

        <div>
          <button
            type="button"
            className={ui.button}
            onClick={() => {
              questions.append(newQuestion(), { shouldFocus: false });
              // Focus the new prompt once it is rendered.
              setTimeout(() => setFocus(`questions.${questions.fields.length}.prompt`), 0);
            }}
            disabled={questions.fields.length >= 100}
          >
            + Add a question
          </button>
        </div>

        {conflict ? (
          <ConflictNotice
            conflict={conflict}
            mine={form.getValues()}
            base={base.quiz}
            onKeepMine={() => submit(conflict.current.number)()}
            onTakeTheirs={() => {
              setBase({ revision: conflict.current.number, quiz: conflict.current.content.quiz });
              reset(conflict.current.content.quiz);
              setConflict(null);
              setStatus({ tone: 'success', text: `Loaded the quiz of revision ${conflict.current.number}.` });
            }}
          />
        ) : null}

        <div className={styles.saveBar}>
          <div className={styles.saveRow}>
            <label className={styles.messageField}>
              <span className="visually-hidden">Revision message (optional)</span>
              <input
                className={ui.input}
                value={message}
                maxLength={300}
                onChange={(e) => setMessage(e.target.value)}
                placeholder="Revision message (optional)"
              />
            </label>
            <div className={styles.saveButtons}>
              <button
                type="button"
                className={ui.button}
                disabled={!dirty || mutation.isPending}
                onClick={() => {
                  reset(base.quiz);
                  setStatus(null);
                }}
              >
                Discard changes
              </button>
              <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={mutation.isPending}>
                {mutation.isPending ? 'Saving…' : 'Save quiz'}
              </button>
            </div>
          </div>
          <p id="quiz-save-hint" className={`${ui.hint} ${styles.saveHint}`}>
            {dirty ? <strong className={styles.unsaved}>Unsaved changes. </strong> : null}
            Saving creates revision {base.revision + 1}; it goes live when published from the <Link href={`/editor/films/${slug}`}>film editor</Link>
            {live ? ' (the quiz shown here is live now).' : publishedRevision ? ` (revision ${publishedRevision} is live now).` : ' (the film is not published yet).'}
          </p>
          <div role="status" aria-live="polite" className={styles.statusRegion}>
            {status?.tone === 'success' ? <p className={styles.success}>{status.text}</p> : null}
          </div>
          <div role="alert" className={styles.statusRegion}>
            {status?.tone === 'error' ? <p className={ui.error}>{status.text}</p> : null}
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

function useError(name: string): string | undefined {
  const { errors } = useFormState<QuizFormValues>({ name: name as 'questions' });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

function ErrorText({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={ui.error}>
      {message}
    </p>
  ) : null;
}

function QuestionCard({
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
  const spoiler = useWatch<QuizFormValues, `questions.${number}.spoiler`>({ name: `questions.${index}.spoiler` }) as SpoilerLevel;
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
      badge={spoiler ? <LevelBadge level={spoiler} /> : null}
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

      <fieldset className={styles.levels}>
        <legend className={ui.label}>Spoiler level</legend>
        <div className={styles.segments}>
          {SPOILER_LEVELS.map((level) => (
            <label key={level} className={`${styles.segment} ${styles[level]}`}>
              <input type="radio" value={level} {...register(`questions.${index}.spoiler`)} />
              <span>{SPOILER_LABELS[level]}</span>
            </label>
          ))}
        </div>
        <p className={ui.hint}>Readers below this level are not sent the question, its options or its explanation.</p>
      </fieldset>
    </CardShell>
  );
}

function OptionsEditor({ questionIndex, questionName }: { questionIndex: number; questionName: string }) {
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

function OptionRow({
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
  const letter = LETTERS[index] ?? String(index + 1);
  return (
    <li className={`${styles.option} ${correct ? styles.correct : ''}`}>
      <label className={styles.correctToggle}>
        <input type="radio" name={radioName} checked={correct} onChange={onCorrect} aria-label={`Option ${letter} is the correct answer`} />
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

function ConflictNotice({
  conflict,
  mine,
  base,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: Conflict;
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
          {who} changed the quiz too ({theirs.questions.length} questions in their version, {mine.questions.length} in yours). Keep yours to save it on
          top of their revision (their quiz changes are replaced; the rest of their page is kept), or load theirs and lose your changes.
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
