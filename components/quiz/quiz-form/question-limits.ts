/** The option limits of a question, as the content schema has them (lib/content/schema.ts quizQuestionSchema). */
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
/** Options are named by letter: "Option A of question 2". */
export const OPTION_LETTERS = 'ABCDEF';
