import 'server-only';
import { clientLimit } from '../rate-limit/client-limit';

/**
 * Set-password requests (`POST /api/password-link`) one client (address) may send per window.
 * Every request counts, valid or not: the route is public, and each one costs a token lookup (and
 * an argon2 hash for a usable link).
 */
export const PASSWORD_LINK_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

const passwordLinks = clientLimit('password-link', PASSWORD_LINK_LIMIT);

export const passwordLinkLimiter = passwordLinks.limiter;
/** Counts one request of the client behind these headers; 429 with Retry-After past the limit. */
export const limitPasswordLinks = passwordLinks.hit;

/**
 * "Forgot your password?" requests (`POST /api/password-reset`) one client may send per window,
 * whatever the address: each may send a mail. (Per address, RESET_MAILS_PER_ADDRESS.)
 */
export const PASSWORD_RESET_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

const passwordResets = clientLimit('password-reset', PASSWORD_RESET_LIMIT);

export const passwordResetLimiter = passwordResets.limiter;
export const limitPasswordResets = passwordResets.hit;
