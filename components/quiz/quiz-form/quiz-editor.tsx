'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useFieldArray, useForm, type Path, type Resolver } from 'react-hook-form';
import type { ActionResult } from '@/lib/action-result';
import { newItemId } from '@/lib/content/schema';
import { quizFormSchema, type QuizFormValues, type SaveQuizInput } from '@/lib/quiz/quiz-schema';
import { SortableList } from '@/components/editor/film-form/sortable-list';
import { ActionFailure } from '@/components/editor/action-result';
import { useRevisionSave } from '@/components/editor/use-revision-save';
import ui from '@/components/editor/ui.module.css';
import { ConflictNotice, type QuizConflict } from './conflict-notice';
import { QuestionCard } from './question-card';
import { SaveBar } from './save-bar';
import styles from './quiz-editor.module.css';

type Question = QuizFormValues['questions'][number];

type SaveResult = { revision: number; quiz: QuizFormValues };
type SaveAction = (input: SaveQuizInput) => Promise<ActionResult<SaveResult>>;

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

/** The form field of a server error path: the server names quiz fields from the page ("quiz.questions.2.prompt"). */
function quizField(path: string): Path<QuizFormValues> | null {
  const field = path.replace(/^quiz\./, '');
  return field.startsWith('questions') ? (field as Path<QuizFormValues>) : null;
}

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
  const [message, setMessage] = useState('');
  const router = useRouter();
  const form = useForm<QuizFormValues, unknown, QuizFormValues>({ resolver, defaultValues: quiz, mode: 'onTouched' });
  const { control, handleSubmit, reset, setError, setFocus, formState } = form;
  const questions = useFieldArray({ control, name: 'questions', keyName: 'key' });

  const saving = useRevisionSave({
    action: save,
    setError,
    fieldFor: quizField,
    toConflict: (details: unknown) => details as QuizConflict,
    onSaved: (data: SaveResult) => {
      setBase({ revision: data.revision, quiz: data.quiz });
      reset(data.quiz);
      setMessage('');
      // The page's status line (latest and published revision) catches up; this form keeps its state.
      router.refresh();
    },
    describe: (outcome) => {
      switch (outcome.kind) {
        case 'saved':
          return `Saved as revision ${outcome.saved.revision}. It goes live on the reader site when this revision is published.`;
        case 'conflict':
          // The conflict notice says it all.
          return null;
        case 'invalid':
          return `The quiz was not saved: ${outcome.error.message}`;
        case 'failed':
          return outcome.error instanceof ActionFailure
            ? `The quiz was not saved: ${outcome.error.message}`
            : 'The quiz was not saved: the server did not answer. Check your connection and try again.';
      }
    },
  });
  const { conflict, setStatus } = saving;

  const submit = (baseRevision: number) =>
    handleSubmit(
      (values) => {
        setStatus(null);
        void saving.save({ slug, baseRevision, quiz: values, message: message.trim() || undefined });
      },
      () => setStatus({ tone: 'error', text: 'The quiz was not saved: fix the problems marked below.' }),
    );

  const savedIds = new Set(base.quiz.questions.map((q) => q.id));

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
              saving.clearConflict();
              setStatus({ tone: 'success', text: `Loaded the quiz of revision ${conflict.current.number}.` });
            }}
          />
        ) : null}

        <SaveBar
          slug={slug}
          baseRevision={base.revision}
          publishedRevision={publishedRevision}
          message={message}
          onMessageChange={setMessage}
          dirty={formState.isDirty}
          saving={saving.saving}
          onDiscard={() => {
            reset(base.quiz);
            setStatus(null);
          }}
          status={saving.status}
        />
      </form>
    </FormProvider>
  );
}
