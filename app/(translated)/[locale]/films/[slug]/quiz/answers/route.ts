import { postQuizAnswers } from '@/lib/quiz/post-quiz-answers';

/** `POST /{locale}/films/{slug}/quiz/answers`: the quiz form without JavaScript, back to the quiz in that language. */
export const POST = postQuizAnswers;
