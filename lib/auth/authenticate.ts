import 'server-only';
import { db } from '../db';
import { dummyPasswordHash, verifyPassword } from './password';
import { signInSchema } from '../users/user-schema';
import type { Role } from './permissions';
import { writeAudit } from '../audit/write-audit';
import { signInKeys, signInThrottles } from '../rate-limit/sign-in-limiter';
import type { RateLimitState } from '../rate-limit/rate-limiter';
import { isKnownAddress, knownDevice, knownDeviceCookieValue } from './known-device';
import { clientAddress } from '../rate-limit/client-key';
import { requestLogger } from '../log';

export type AuthenticateResult =
  | {
      ok: true;
      user: { id: string; email: string; name: string; role: Role; sessionVersion: number };
      /** The known-device cookie's new value (lib/auth/known-device.ts), for the response to set. */
      knownDevice: string;
    }
  | { ok: false; reason: 'invalid' | 'disabled' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

type FailureReason = 'unknown email' | 'wrong password' | 'disabled' | 'too many attempts' | 'invalid input';

/**
 * Checks email and password. The answer never says whether the email exists: an unknown email is
 * checked against a dummy hash so both failures take the same time and give the same message.
 * Failures slow further attempts per email and address, per address and per email from all
 * addresses (lib/rate-limit/sign-in-limiter.ts); while one says wait, the password is not even
 * checked. The owner is not locked out by failures from elsewhere: from a known device only that
 * device's own failures count, and at an address the account signed in from before the per-email
 * and per-address ones do not apply. Only someone who knows the right password learns that an
 * account is disabled.
 */
export async function authenticate(input: unknown, headers: Headers = new Headers()): Promise<AuthenticateResult> {
  const ip = clientAddress(headers);
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    await recordFailure(String((input as { email?: unknown } | null)?.email ?? ''), 'invalid input', ip);
    return { ok: false, reason: 'invalid' };
  }
  const { email, password } = parsed.data;
  const user = await db().user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, role: true, sessionVersion: true, disabled: true, passwordHash: true },
  });
  const device = user && knownDevice(headers, user.id);
  const throttles = signInThrottles();
  const keys = signInKeys(email, headers, device ? { userId: user.id, nonce: device } : null);
  let limits: Record<string, RateLimitState>;
  if (device) limits = { 'known device': await throttles.device.hit(keys.device) };
  else {
    const [pair, account, address] = await Promise.all([
      throttles.accountAndAddress.hit(keys.accountAndAddress),
      throttles.account.check(keys.account),
      throttles.address.check(keys.address),
    ]);
    limits = { 'email and address': pair, email: account, address };
    if ((account.limited || address.limited) && user && (await isKnownAddress(user.id, ip))) limits = { 'email and address': pair };
  }
  const reached = Object.entries(limits).filter(([, state]) => state.limited);
  if (reached.length > 0) {
    const retryAfterSeconds = Math.max(...reached.map(([, state]) => state.retryAfterSeconds));
    const limit = reached.map(([name]) => name).join(', ');
    await recordFailure(email, 'too many attempts', ip, { limit, retryAfterSeconds });
    requestLogger(headers).warn(
      { event: 'auth.sign-in-throttled', ip, limit, retryAfterSeconds },
      'sign-in refused: too many failed attempts',
    );
    return { ok: false, reason: 'throttled', retryAfterSeconds };
  }

  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !passwordOk || user.disabled) {
    await Promise.all([throttles.account.fail(keys.account), throttles.address.fail(keys.address)]);
    await recordFailure(
      email,
      !user ? 'unknown email' : !passwordOk ? 'wrong password' : 'disabled',
      ip,
      device ? { device: 'known' } : {},
    );
    return { ok: false, reason: user && passwordOk ? 'disabled' : 'invalid' };
  }

  await (device ? throttles.device.reset(keys.device) : throttles.accountAndAddress.reset(keys.accountAndAddress));
  const actor = { userId: user.id, label: user.email, role: user.role, via: 'session' as const };
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
    await writeAudit(tx, { actor, action: 'auth.sign-in', subject: user.email, details: { ip, device: device ? 'known' : 'new' } });
  });
  const { passwordHash: _hash, disabled: _disabled, ...safe } = user;
  return { ok: true, user: safe, knownDevice: knownDeviceCookieValue(headers, user.id) };
}

async function recordFailure(email: string, reason: FailureReason, ip: string, more: Record<string, unknown> = {}) {
  await db().$transaction((tx) =>
    writeAudit(tx, {
      actor: null,
      actorLabel: email.slice(0, 254) || 'anonymous',
      action: 'auth.sign-in-failed',
      subject: email.slice(0, 254),
      details: { reason, ip, ...more },
    }),
  );
}
