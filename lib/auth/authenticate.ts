import 'server-only';
import { db } from '../db';
import { dummyPasswordHash, verifyPassword } from './password';
import { signInSchema } from '../users/user-schema';
import type { Role } from './permissions';
import { writeAudit } from '../audit/write-audit';
import { signInKeys, signInLimiters } from '../rate-limit/sign-in-limiter';
import { clientAddress } from '../rate-limit/client-key';
import { requestLogger } from '../log';

export type AuthenticateResult =
  | { ok: true; user: { id: string; email: string; name: string; role: Role; sessionVersion: number } }
  | { ok: false; reason: 'invalid' | 'disabled' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

type FailureReason = 'unknown email' | 'wrong password' | 'disabled' | 'too many attempts' | 'invalid input';

/**
 * Checks email and password. The answer never says whether the email exists: an unknown email is
 * checked against a dummy hash so both failures take the same time and give the same message.
 * Failures are limited per email and address, per email from all addresses and per address over
 * all emails (lib/rate-limit/sign-in-limiter.ts); past a limit the password is not even checked.
 * Only someone who knows the right password learns that an account is disabled.
 */
export async function authenticate(input: unknown, headers: Headers = new Headers()): Promise<AuthenticateResult> {
  const ip = clientAddress(headers);
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    await recordFailure(String((input as { email?: unknown } | null)?.email ?? ''), 'invalid input', ip);
    return { ok: false, reason: 'invalid' };
  }
  const { email, password } = parsed.data;
  const limiters = signInLimiters();
  const keys = signInKeys(email, headers);
  const [pair, account, address] = await Promise.all([
    limiters.accountAndAddress.hit(keys.accountAndAddress),
    limiters.account.hit(keys.account),
    limiters.address.check(keys.address),
  ]);
  const limits = { 'email and address': pair, email: account, address };
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

  const user = await db().user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, role: true, sessionVersion: true, disabled: true, passwordHash: true },
  });
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !passwordOk || user.disabled) {
    await limiters.address.hit(keys.address);
    await recordFailure(email, !user ? 'unknown email' : !passwordOk ? 'wrong password' : 'disabled', ip);
    return { ok: false, reason: user && passwordOk ? 'disabled' : 'invalid' };
  }

  await Promise.all([limiters.accountAndAddress.reset(keys.accountAndAddress), limiters.account.reset(keys.account)]);
  const actor = { userId: user.id, label: user.email, role: user.role, via: 'session' as const };
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
    await writeAudit(tx, { actor, action: 'auth.sign-in', subject: user.email, details: { ip } });
  });
  const { passwordHash: _hash, disabled: _disabled, ...safe } = user;
  return { ok: true, user: safe };
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
