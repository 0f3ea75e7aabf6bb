import { z } from 'zod';
import { itemIdSchema, slugSchema } from '../content/schema';
import { quizQuestionSchema, quizSchema } from '../page/parts/quiz';
import type { SpoilerLevel } from '../spoilers/levels';

/**
 * The quiz's schemas, shared by the admin form (zodResolver), the server action, the API and the
 * domain functions. The rules of a question (2–6 options, exactly one correct, distinct texts) live
 * in the content schema, because a quiz is part of the film page and its revisions.
 */
export { quizQuestionSchema, quizSchema };

/**
 * What the admin editor edits: the film's whole quiz, in order. Question ids must be unique (the
 * page schema checks that too, at `quiz.questions.N.id`; the editor makes them, so it never shows).
 */
export const quizFormSchema = quizSchema.superRefine((quiz, ctx) => {
  const seen = new Set<string>();
  quiz.questions.forEach((question, index) => {
    if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: ['questions', index, 'id'], message: 'Duplicate id' });
    seen.add(question.id);
  });
});
export type QuizFormInput = z.input<typeof quizFormSchema>;
export type QuizFormValues = z.output<typeof quizFormSchema>;

/** The "Save quiz" action: a new revision of the page with this quiz, on top of `baseRevision`. */
export const saveQuizInputSchema = z.object({
  slug: slugSchema,
  baseRevision: z.number().int().min(1),
  quiz: quizFormSchema,
  message: z.string().trim().max(300).optional(),
});
export type SaveQuizInput = z.input<typeof saveQuizInputSchema>;

export const MAX_ANSWERS = 100;

/** `POST /api/v1/films/{slug}/quiz/attempts`: `{answers: {questionId: optionId}}`. */
export const attemptInputSchema = z.object({
  answers: z
    .record(itemIdSchema, itemIdSchema)
    .refine((answers) => Object.keys(answers).length > 0, 'Answer at least one question')
    .refine((answers) => Object.keys(answers).length <= MAX_ANSWERS, `Answer at most ${MAX_ANSWERS} questions`),
});
export type AttemptInput = z.output<typeof attemptInputSchema>;

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

/** The attempts API's response body. */
export type AttemptResponse = { score: number; total: number; results: AttemptResult[] };

/** One answered question with everything the results view shows. */
export type AnsweredQuestion = AttemptResult & {
  prompt: string;
  options: Array<{ id: string; text: string }>;
  chosenOptionId: string;
};
