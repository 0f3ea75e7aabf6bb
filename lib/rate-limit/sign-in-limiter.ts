import 'server-only';
import { createRateLimiter } from './create-rate-limiter';
import { anonymousClientKey, keyedHash } from './client-key';
import type { RateLimiter } from './rate-limiter';

/** Failed sign-ins in a row allowed per email and client address, per window. */
export const SIGN_IN_LIMIT = { failures: 5, windowMs: 15 * 60_000 };
/** Failed sign-ins in a row allowed per email from all addresses together: guesses spread over many addresses. */
export const SIGN_IN_ACCOUNT_LIMIT = { failures: 10, windowMs: 15 * 60_000 };
/** Failed sign-ins allowed per address over all emails: one address cannot try a few passwords on every account. */
export const SIGN_IN_ADDRESS_LIMIT = { failures: 20, windowMs: 15 * 60_000 };

export type SignInLimiters = { accountAndAddress: RateLimiter; account: RateLimiter; address: RateLimiter };

// Kept on globalThis so a dev-server reload does not forget the counts.
const globalForLimiter = globalThis as unknown as { signInLimiters?: SignInLimiters };

/**
 * The per-email limiters count every attempt with one atomic hit (no check-then-count race between
 * parallel attempts) and a success resets them, so what is limited is failures in a row; a hit
 * reports "limited" once it reaches the limit, hence one more than the failures allowed. The
 * per-address limiter counts failures only and is never reset by a success (an attacker's own
 * account must not wipe the count), so it is checked before and hit after a failure.
 */
export function signInLimiters(): SignInLimiters {
  globalForLimiter.signInLimiters ??= {
    accountAndAddress: createRateLimiter('sign-in', { limit: SIGN_IN_LIMIT.failures + 1, windowMs: SIGN_IN_LIMIT.windowMs }),
    account: createRateLimiter('sign-in-account', { limit: SIGN_IN_ACCOUNT_LIMIT.failures + 1, windowMs: SIGN_IN_ACCOUNT_LIMIT.windowMs }),
    address: createRateLimiter('sign-in-address', { limit: SIGN_IN_ADDRESS_LIMIT.failures, windowMs: SIGN_IN_ADDRESS_LIMIT.windowMs }),
  };
  return globalForLimiter.signInLimiters;
}

/** Keyed hashes of the email and of the client's address: neither is stored in the limiters. */
export function signInKeys(email: string, headers: Headers) {
  const normalized = email.toLowerCase();
  return {
    accountAndAddress: anonymousClientKey(headers, `sign-in|${normalized}`),
    account: keyedHash(`sign-in-account|${normalized}`),
    address: anonymousClientKey(headers, 'sign-in-address'),
  };
}
