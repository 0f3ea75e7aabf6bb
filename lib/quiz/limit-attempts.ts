import 'server-only';
import { RateLimitError } from '../errors';
import { createRateLimiter } from '../rate-limit/create-rate-limiter';
import { anonymousClientKey } from '../rate-limit/client-key';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** Quiz attempts one client (address) may submit per window, over all films. */
export const QUIZ_ATTEMPT_LIMIT = { limit: 10, windowMs: 60_000 };

const globalForLimiter = globalThis as unknown as { quizAttemptLimiter?: RateLimiter };

/**
 * The limiter counts every attempt, and reports "limited" from the hit that reaches its limit; so
 * it is built with one more than the allowed number, and the hit that makes the count exceed
 * QUIZ_ATTEMPT_LIMIT is the first one refused. One atomic hit per request: no check-then-hit race.
 */
export function quizAttemptLimiter(): RateLimiter {
  globalForLimiter.quizAttemptLimiter ??= createRateLimiter('quiz-attempt', {
    limit: QUIZ_ATTEMPT_LIMIT.limit + 1,
    windowMs: QUIZ_ATTEMPT_LIMIT.windowMs,
  });
  return globalForLimiter.quizAttemptLimiter;
}

/** Counts one attempt of the client behind these headers; 429 with Retry-After past the limit. */
export async function limitAttempts(headers: Headers, limiter: RateLimiter = quizAttemptLimiter()): Promise<void> {
  const state = await limiter.hit(anonymousClientKey(headers, 'quiz-attempt'));
  if (state.limited) throw new RateLimitError(state.retryAfterSeconds);
}
