import 'server-only';
import { db } from '../db';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError, ValidationError } from '../errors';
import { logger } from '../log';
import { mailConfigured } from '../mail/send-mail';
import { createRateLimiter } from '../rate-limit/create-rate-limiter';
import { keyedHash } from '../rate-limit/client-key';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { createPasswordLink } from './create-password-link';
import { sendPasswordLink } from './send-password-link';
import { requestPasswordResetSchema, type RequestPasswordResetInput } from './user-schema';

/**
 * Reset mails one address may receive per window, whoever asks: someone who knows a user's address
 * cannot fill their inbox. Past it the request is answered as any other and nothing is sent.
 */
export const RESET_MAILS_PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 };

const limiters = globalThis as unknown as { resetMailLimiter?: RateLimiter };
function addressLimiter(): RateLimiter {
  // One more than allowed: the limiter says "limited" from the hit that reaches its limit.
  limiters.resetMailLimiter ??= createRateLimiter('password-reset-address', {
    limit: RESET_MAILS_PER_ADDRESS.limit + 1,
    windowMs: RESET_MAILS_PER_ADDRESS.windowMs,
  });
  return limiters.resetMailLimiter;
}

/** The one answer to every well-formed request, whether or not an account has that address. */
export const RESET_REQUESTED =
  'If an account uses this address, a link to choose a new password is on its way. It works once, for 24 hours.';

export type ResetRequestOutcome = 'mailed' | 'no-account' | 'disabled' | 'address-limited' | 'mail-failed';

/**
 * "Forgot your password?": mails the account with this address a one-time link (the same
 * PasswordLink as an admin's reset, 24 hours) to choose a new password. No actor: anyone may ask.
 * The caller answers the same whatever the outcome (which is for tests and logs only), so the
 * answer says nothing about which addresses have accounts. Unlike an admin's reset the password
 * is not replaced and no session ends: whoever asked may not be the account's owner; the link
 * goes only to the owner's inbox. Earlier unused links of the user stop working (createPasswordLink).
 * Only with mail configured (SMTP_URL): without it there is no way to reach the user (404).
 */
export async function requestPasswordReset(
  input: RequestPasswordResetInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<ResetRequestOutcome> {
  if (!mailConfigured()) throw new NotFoundError('Password resets by mail are not available: ask an admin.');
  const parsed = requestPasswordResetSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { email } = parsed.data;
  if ((await addressLimiter().hit(keyedHash(`password-reset|${email}`))).limited) return 'address-limited';

  const made = await db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, disabled: true } });
    if (!user) return 'no-account' as const;
    if (user.disabled) return 'disabled' as const;
    const link = await createPasswordLink(tx, { userId: user.id, purpose: 'reset', now });
    await writeAudit(tx, {
      actor: null,
      actorLabel: email,
      action: 'user.request-reset',
      subject: email,
      details: { userId: user.id, expiresAt: link.expiresAt.toISOString() },
    });
    return link;
  });
  if (typeof made === 'string') return made;
  const delivery = await sendPasswordLink({ to: email, purpose: 'reset', ...made, by: null });
  if (delivery.delivery === 'mail') return 'mailed';
  logger.warn({ mailError: delivery.mailError }, 'could not mail a requested password reset');
  return 'mail-failed';
}
