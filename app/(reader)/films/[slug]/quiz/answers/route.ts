import { postQuizAnswers } from '@/lib/quiz/post-quiz-answers';

/** `POST /films/{slug}/quiz/answers`: the quiz form without JavaScript (lib/quiz/post-quiz-answers.ts). */
export const POST = postQuizAnswers;
