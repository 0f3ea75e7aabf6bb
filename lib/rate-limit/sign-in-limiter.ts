import 'server-only';
import { createRateLimiter } from './create-rate-limiter';
import { anonymousClientKey } from './client-key';
import type { RateLimiter } from './rate-limiter';

/** Failed sign-ins in a row allowed per email and client address, per window. */
export const SIGN_IN_LIMIT = { failures: 5, windowMs: 15 * 60_000 };

// Kept on globalThis so a dev-server reload does not forget the counts.
const globalForLimiter = globalThis as unknown as { signInLimiter?: RateLimiter };

/**
 * Every attempt is one atomic hit (no check-then-count race between parallel attempts) and a
 * success resets the key, so what is limited is failures in a row. A hit reports "limited" once it
 * reaches the limit, hence one more than the failures allowed.
 */
export function signInLimiter(): RateLimiter {
  globalForLimiter.signInLimiter ??= createRateLimiter('sign-in', { limit: SIGN_IN_LIMIT.failures + 1, windowMs: SIGN_IN_LIMIT.windowMs });
  return globalForLimiter.signInLimiter;
}

/** A keyed hash of the email and the client's address: neither is stored in the limiter. */
export const signInKey = (email: string, headers: Headers) => anonymousClientKey(headers, `sign-in|${email.toLowerCase()}`);
