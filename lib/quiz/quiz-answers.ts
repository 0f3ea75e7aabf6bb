import type { Untranslated } from '../translations/unit-key';
import type { SpoilerLevel } from '../spoilers/level-labels';

/*
 * The reader's side of a quiz without zod: the quiz page's island (QuizTaker) imports these, and
 * zod would add ~27 kB of compressed JavaScript to the page. quiz-schema.ts re-exports them.
 */

/** Radio groups of the no-JavaScript form are named `answers[questionId]`. */
export const answerFieldName = (questionId: string) => `answers[${questionId}]`;
const ANSWER_FIELD = /^answers\[(.+)\]$/;

/** The answers of a plain `<form method="post">` submission, in the API's shape. */
export function attemptFromFormData(form: FormData | URLSearchParams): { answers: Record<string, string> } {
  const answers: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    const match = ANSWER_FIELD.exec(name);
    if (match && typeof value === 'string') answers[match[1]] = value;
  }
  return { answers };
}

// ---------------------------------------------------------------- what readers are sent

/** A question as readers see it before answering: never which option is correct, nor the explanation. */
export type PublicQuestion = {
  id: string;
  prompt: string;
  spoiler: SpoilerLevel;
  options: Array<{ id: string; text: string }>;
};

/** One scored answer, exactly as the attempts API returns it. */
export type AttemptResult = {
  questionId: string;
  correct: boolean;
  correctOptionId: string;
  explanation: string;
};

/** The attempts API's response body; `untranslated`: the explanations in the page's own language (lib/translations/unit-key.ts). */
export type AttemptResponse = { score: number; total: number; results: AttemptResult[]; untranslated?: Untranslated };

/** One answered question with everything the results view shows. */
export type AnsweredQuestion = AttemptResult & {
  prompt: string;
  options: Array<{ id: string; text: string }>;
  chosenOptionId: string;
};
