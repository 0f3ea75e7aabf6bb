'use client';

import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SpoilerLevel } from '@/lib/spoilers/level-labels';
import type { QuizWords } from '@/lib/i18n/reader-text';
import { answerFieldName, type AnsweredQuestion, type AttemptResponse, type PublicQuestion } from '@/lib/quiz/quiz-answers';
import { buildAddress } from '@/lib/reader/reader-address.mjs';
import { QuizResults } from './quiz-results';
import { fill } from './quiz-words';
import { joinUntranslated, quizUnitKey, untranslatedLang, type Untranslated } from '@/lib/translations/unit-key';
import { useQuizView, type QuizView } from './use-quiz-view';
import styles from './quiz-taker.module.css';
import buttons from './buttons.module.css';

type Props = {
  slug: string;
  questions: PublicQuestion[];
  /**
   * The level when the page was asked for with `?spoilers=` (it overrides the cookie): a plain form
   * submission sends it back so the results page keeps it. Unset when the level came from the cookie.
   */
  pinnedLevel?: SpoilerLevel;
  /** A problem with the last plain form submission (no JavaScript), from the results redirect. */
  formError?: string | null;
  /** The page's language: the attempts API answers with its explanations, the form goes to its page. */
  locale?: string;
  /** The words, in that language. */
  words: QuizWords;
  /** In a translation: the texts given in the page's own language, marked with it. */
  untranslated?: Untranslated;
};

/** Options are lettered A, B, C… as in a printed quiz. */
const LETTERS = 'ABCDEF';

/**
 * Taking a quiz. Rendered on the server as a plain `<form method="post">` with every question (it
 * works without JavaScript: the route scores it and redirects to the results); once hydrated it
 * submits to the attempts API instead (one request, no retry), shows the results in place, and
 * offers one question at a time. It never has the answers: only the server's reply brings them.
 * A small island on a reader page: plain state and fetch, no react-query and no zod (the page's
 * JavaScript budget, e2e/js-budget.spec.ts).
 */
export function QuizTaker(props: Props) {
  return <QuizForm {...props} />;
}

class AttemptFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

async function submitAttempt(
  slug: string,
  answers: Record<string, string>,
  words: QuizWords,
  pinnedLevel?: SpoilerLevel,
  locale?: string,
): Promise<AttemptResponse> {
  let response: Response;
  // Scored at the level the questions were served at: the pinned one, else the cookie (sent along).
  try {
    response = await fetch(buildAddress({ kind: 'film-api', slug, quiz: 'attempts', locale, spoilers: pinnedLevel }), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ answers }),
    });
  } catch {
    throw new AttemptFailure(0, words.unreachable, null);
  }
  if (response.ok) return (await response.json()) as AttemptResponse;
  const retryAfter = Number(response.headers.get('retry-after')) || null;
  if (response.status === 429) throw new AttemptFailure(429, fill(words.tooMany, { count: retryAfter ?? 60 }), retryAfter);
  if (response.status === 400 || response.status === 404) throw new AttemptFailure(response.status, words.changed, null);
  throw new AttemptFailure(response.status, words.failedNow, null);
}

const NO_ATTEMPT = { pending: false, failed: false, data: null };

function QuizForm({ slug, questions, pinnedLevel, formError, locale, words, untranslated }: Props) {
  const lang = untranslatedLang(untranslated);
  const [view, setView] = useQuizView();
  const [current, setCurrent] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(formError ?? null);
  const [announcement, setAnnouncement] = useState('');
  const fieldsets = useRef<Array<HTMLFieldSetElement | null>>([]);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusQuestion = useRef<number | null>(null);

  const [attempt, setAttempt] = useState<{ pending: boolean; failed: boolean; data: AttemptResponse | null }>(NO_ATTEMPT);
  const mutation = {
    isPending: attempt.pending,
    isError: attempt.failed,
    data: attempt.data,
    mutate(chosen: Record<string, string>) {
      setAttempt({ pending: true, failed: false, data: null });
      submitAttempt(slug, chosen, words, pinnedLevel, locale).then(
        (data) => {
          setAttempt({ pending: false, failed: false, data });
          setProblem(null);
          setAnnouncement(fill(words.scored, { n: data.score, total: data.total }));
        },
        (error: unknown) => {
          setAttempt({ pending: false, failed: true, data: null });
          setProblem(error instanceof AttemptFailure ? error.message : words.failed);
        },
      );
    },
    reset: () => setAttempt(NO_ATTEMPT),
  };

  const hydrated = view !== null;
  const oneAtATime = view === 'one';
  const total = questions.length;
  const answeredCount = questions.filter((q) => answers[q.id]).length;

  // Move focus where the reader's attention should go after the page changed under them.
  useEffect(() => {
    if (mutation.data) resultsHeading.current?.focus();
  }, [mutation.data]);
  useEffect(() => {
    if (focusQuestion.current === null) return;
    fieldsets.current[focusQuestion.current]?.focus();
    focusQuestion.current = null;
  });

  function goTo(index: number) {
    setCurrent(Math.max(0, Math.min(total - 1, index)));
    focusQuestion.current = Math.max(0, Math.min(total - 1, index));
  }

  function changeView(next: QuizView) {
    setView(next);
    // Start where the reader is: the first question they have not answered yet.
    const firstOpen = questions.findIndex((q) => !answers[q.id]);
    setCurrent(firstOpen === -1 ? 0 : firstOpen);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the API scores the attempt; the form's own POST is the no-JavaScript path.
    event.preventDefault();
    if (mutation.isPending) return;
    // Enter on a question in one-at-a-time view moves on rather than submitting early.
    if (oneAtATime && current < total - 1) {
      goTo(current + 1);
      return;
    }
    const missing = questions.findIndex((q) => !answers[q.id]);
    if (missing !== -1) {
      setProblem(fill(words.missing, { n: missing + 1 }));
      goTo(missing);
      return;
    }
    setProblem(null);
    mutation.mutate(answers);
  }

  // In one-at-a-time view, Enter on an answer moves to the next question (on the last, it submits).
  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (!oneAtATime || event.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.type !== 'radio') return;
    if (target.name === 'quiz-view') return;
    event.preventDefault();
    if (current < total - 1) goTo(current + 1);
    else event.currentTarget.requestSubmit();
  }

  function retry() {
    mutation.reset();
    setAnswers({});
    setProblem(null);
    setAnnouncement(words.restarted);
    goTo(0);
  }

  if (mutation.data) {
    const byId = new Map(questions.map((q) => [q.id, q]));
    const answered: AnsweredQuestion[] = mutation.data.results.flatMap((result) => {
      const question = byId.get(result.questionId);
      return question
        ? [{ ...result, prompt: question.prompt, options: question.options, chosenOptionId: answers[result.questionId] }]
        : [];
    });
    return (
      <>
        <LiveRegion message={announcement} />
        <QuizResults
          score={mutation.data.score}
          total={mutation.data.total}
          answered={answered}
          headingRef={resultsHeading}
          words={words}
          untranslated={joinUntranslated(untranslated, mutation.data.untranslated)}
          retry={
            <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={retry}>
              {words.tryAgain}
            </button>
          }
        />
      </>
    );
  }

  const submitButton = (
    <button
      type="submit"
      className={`${buttons.button} ${buttons.primary}`}
      disabled={mutation.isPending}
      aria-disabled={mutation.isPending}
    >
      {mutation.isPending ? words.checking : words.check}
    </button>
  );

  return (
    <>
      <LiveRegion message={announcement} />
      {hydrated ? (
        <fieldset className={styles.viewSwitch}>
          <legend className={styles.viewLegend}>{words.show}</legend>
          {(
            [
              ['all', words.all],
              ['one', words.one],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.viewOption}>
              <input type="radio" name="quiz-view" value={value} checked={view === value} onChange={() => changeView(value)} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <form
        method="post"
        action={buildAddress({ kind: 'quiz', slug, locale, answers: true })}
        onSubmit={handleSubmit}
        onKeyDown={handleKeyDown}
        // Without JavaScript the browser checks that every question has an answer (`required`).
        noValidate={hydrated}
        className={styles.form}
        aria-describedby={problem ? 'quiz-problem' : undefined}
      >
        {pinnedLevel ? <input type="hidden" name="spoilers" value={pinnedLevel} /> : null}

        {problem ? (
          <p id="quiz-problem" role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}

        {oneAtATime ? (
          <div className={styles.progress}>
            <span className={styles.progressCount}>{fill(words.answered, { count: answeredCount, total })}</span>
            <span className={styles.progressBar} aria-hidden="true">
              <span style={{ width: `${(answeredCount / total) * 100}%` }} />
            </span>
          </div>
        ) : null}

        <ol className={styles.questions}>
          {questions.map((question, index) => (
            <li key={question.id} hidden={oneAtATime && index !== current}>
              <fieldset
                ref={(element) => {
                  fieldsets.current[index] = element;
                }}
                tabIndex={-1}
                className={styles.question}
              >
                <legend className={styles.legend}>
                  <span className={styles.counter}>
                    {fill(words.questionOf, { n: index + 1, total })}
                    {question.spoiler !== 'none' ? (
                      <span className={`${styles.level} ${styles[question.spoiler]}`}>{words.levelBadge[question.spoiler]}</span>
                    ) : null}
                  </span>
                  <span className={styles.prompt} lang={lang(quizUnitKey(question.id, 'prompt'))}>
                    {question.prompt}
                  </span>
                </legend>
                <div className={styles.options}>
                  {question.options.map((option, optionIndex) => (
                    <label key={option.id} className={styles.option}>
                      <input
                        type="radio"
                        name={answerFieldName(question.id)}
                        value={option.id}
                        required
                        checked={answers[question.id] === option.id}
                        onChange={() => {
                          setAnswers((all) => ({ ...all, [question.id]: option.id }));
                          if (problem && !mutation.isError) setProblem(null);
                        }}
                      />
                      <span className={styles.letter} aria-hidden="true">
                        {LETTERS[optionIndex]}
                      </span>
                      <span className={styles.optionText} lang={lang(quizUnitKey(question.id, 'options', option.id))}>
                        {option.text}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>

        {oneAtATime ? (
          <div className={styles.stepper}>
            <button type="button" className={buttons.button} onClick={() => goTo(current - 1)} disabled={current === 0}>
              {words.previous}
            </button>
            {current < total - 1 ? (
              <button type="button" className={`${buttons.button} ${buttons.primary}`} onClick={() => goTo(current + 1)}>
                {words.next}
              </button>
            ) : (
              submitButton
            )}
          </div>
        ) : (
          <div className={styles.actions}>
            {submitButton}
            {hydrated ? <span className={styles.progressCount}>{fill(words.answered, { count: answeredCount, total })}</span> : null}
          </div>
        )}
      </form>
    </>
  );
}

/** Present from the first render, so screen readers announce what is put in it later. */
function LiveRegion({ message }: { message: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  );
}
