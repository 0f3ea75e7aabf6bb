import 'server-only';
import { createThrottle } from './create-rate-limiter';
import { anonymousClientKey, keyedHash } from './client-key';
import type { Throttle, ThrottleOptions } from './throttle';

const MINUTE = 60_000;
/**
 * `free` failures, then a wait of 1 minute, 2, 4, 8, then 15 minutes a try; forgotten an hour after
 * the last counted one (a steady attack never gets a fresh start).
 */
const progressive = (free: number): ThrottleOptions => ({ free, baseDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgetMs: 60 * MINUTE });

/**
 * Failed sign-ins slow the next attempt (OWASP ASVS 5.0 V6: throttling, not a lockout an attacker
 * can use against the owner):
 * - accountAndAddress: per email and client address;
 * - address: per address over all emails (one address spraying every account);
 * - account: per email from all addresses together (guesses spread over many addresses). This is
 *   the one failures from anywhere build up, so an attempt from a known device or a known address
 *   of the account (lib/auth/known-device.ts) is exempt from it, and from the address one;
 * - device: per account and known device, instead of all the others for a known device (a copied
 *   cookie gets no more guesses than an address).
 */
export const SIGN_IN_THROTTLE = {
  accountAndAddress: progressive(5),
  address: progressive(20),
  account: progressive(10),
  device: progressive(5),
};

export type SignInThrottles = Record<keyof typeof SIGN_IN_THROTTLE, Throttle>;

// Kept on globalThis so a dev-server reload does not forget the counts.
const globalForLimiter = globalThis as unknown as { signInThrottles?: SignInThrottles };

/**
 * accountAndAddress and device count every attempt with one atomic hit (no check-then-count race
 * between parallel attempts) and a success resets them: what they slow is failures in a row. The
 * account and address ones count failures only and are never reset by a success (neither the
 * owner's success nor an attacker's own account may wipe them), so they are checked before and
 * counted after a failure.
 */
export function signInThrottles(): SignInThrottles {
  globalForLimiter.signInThrottles ??= {
    accountAndAddress: createThrottle('sign-in', SIGN_IN_THROTTLE.accountAndAddress),
    address: createThrottle('sign-in-address', SIGN_IN_THROTTLE.address),
    account: createThrottle('sign-in-account', SIGN_IN_THROTTLE.account),
    device: createThrottle('sign-in-device', SIGN_IN_THROTTLE.device),
  };
  return globalForLimiter.signInThrottles;
}

/** Keyed hashes of the email, the client's address and the device: none is stored in the throttles. */
export function signInKeys(email: string, headers: Headers, device: { userId: string; nonce: string } | null = null) {
  const normalized = email.toLowerCase();
  return {
    accountAndAddress: anonymousClientKey(headers, `sign-in|${normalized}`),
    account: keyedHash(`sign-in-account|${normalized}`),
    address: anonymousClientKey(headers, 'sign-in-address'),
    device: device ? keyedHash(`sign-in-device|${device.userId}|${device.nonce}`) : '',
  };
}
