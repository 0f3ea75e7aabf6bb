'use server';

import { guardedAction } from '../auth/guarded-action';
import { saveQuiz } from './save-quiz';
import { saveQuizInputSchema } from './quiz-schema';

/**
 * "Save quiz" in the admin quiz editor: a new revision of the page with this quiz. Admins only
 * (`quiz.edit`), checked here and again in saveQuiz and saveDraft; an editor gets a 403 result.
 */
export const saveQuizAction = guardedAction('quiz.edit', saveQuizInputSchema, ({ slug, baseRevision, quiz, message }, actor) =>
  saveQuiz({ slug, baseRevision, quiz, message, actor }),
);
