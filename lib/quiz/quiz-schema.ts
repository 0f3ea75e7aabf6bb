import { z } from 'zod';
import { itemIdSchema, slugSchema } from '../content/schema';
import { quizQuestionSchema, quizSchema } from '../page/parts/quiz';

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

export {
  answerFieldName,
  attemptFromFormData,
  type AnsweredQuestion,
  type AttemptResponse,
  type AttemptResult,
  type PublicQuestion,
} from './quiz-answers';
