import 'server-only';
import { clientLimit } from '../rate-limit/client-limit';

/** Quiz attempts one client (address) may submit per window, over all films. */
export const QUIZ_ATTEMPT_LIMIT = { limit: 10, windowMs: 60_000 };

const quizAttempts = clientLimit('quiz-attempt', QUIZ_ATTEMPT_LIMIT);

export const quizAttemptLimiter = quizAttempts.limiter;
/** Counts one attempt of the client behind these headers; 429 with Retry-After past the limit. */
export const limitAttempts = quizAttempts.hit;
