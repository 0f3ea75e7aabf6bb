/**
 * Sign-in (authenticate, behind next-auth's credentials provider) and the actor a request carries:
 * one answer for unknown emails and wrong passwords, disabled accounts, the failed-attempt limit,
 * audit rows; and session cookies checked against the database on every request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { hashPassword } from './password';
import { authenticate } from './authenticate';
import { actorFromRequest } from './actor-from-request';
import { SIGN_IN_THROTTLE } from '../rate-limit/sign-in-limiter';

const SIGN_IN_LIMIT = { failures: SIGN_IN_THROTTLE.accountAndAddress.free };
const SIGN_IN_ACCOUNT_LIMIT = { failures: SIGN_IN_THROTTLE.account.free };
const SIGN_IN_ADDRESS_LIMIT = { failures: SIGN_IN_THROTTLE.address.free };
import { sessionCookieFor } from '../../test-support/session-cookie';

const PASSWORD = 'correct-horse-battery';
let passwordHash: string;

async function account(flags: { disabled?: boolean; mustChangePassword?: boolean; role?: 'ADMIN' | 'EDITOR' } = {}) {
  const email = `signin-${Math.random().toString(36).slice(2, 10)}@test.example`;
  return db().user.create({
    data: {
      email,
      passwordHash,
      role: flags.role ?? 'EDITOR',
      disabled: flags.disabled ?? false,
      mustChangePassword: flags.mustChangePassword ?? false,
    },
  });
}

const from = (ip: string) => new Headers({ 'x-forwarded-for': ip });
const request = (headers: Record<string, string>) => new Request('http://cms.test/api/v1/editor/films', { headers });

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

describe('authenticate', () => {
  it('signs in with the right password, whatever the case and spaces of the email, and audits it', async () => {
    const user = await account();
    const result = await authenticate({ email: `  ${user.email.toUpperCase()} `, password: PASSWORD }, from('10.0.0.1'));
    expect(result).toMatchObject({ ok: true, user: { id: user.id, email: user.email, role: 'EDITOR', sessionVersion: 1 } });
    expect(result.ok && result.knownDevice).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(result.ok && 'passwordHash' in result.user).toBe(false);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).lastSignInAt).not.toBeNull();
    expect(await db().auditLog.count({ where: { action: 'auth.sign-in', subject: user.email } })).toBe(1);
  });

  it('gives the same answer for an unknown email and a wrong password, and audits both', async () => {
    const user = await account();
    const unknown = `nobody-${Math.random().toString(36).slice(2)}@test.example`;
    expect(await authenticate({ email: unknown, password: PASSWORD })).toEqual({ ok: false, reason: 'invalid' });
    expect(await authenticate({ email: user.email, password: 'wrong' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await authenticate({ email: 'not an email', password: 'x' })).toEqual({ ok: false, reason: 'invalid' });
    const failed = await db().auditLog.findMany({ where: { action: 'auth.sign-in-failed', subject: { in: [unknown, user.email] } } });
    expect(failed.map((f) => (f.details as { reason: string }).reason).sort()).toEqual(['unknown email', 'wrong password']);
  });

  it('refuses a disabled account', async () => {
    const user = await account({ disabled: true });
    expect(await authenticate({ email: user.email, password: PASSWORD })).toEqual({ ok: false, reason: 'disabled' });
  });

  it(`pauses after ${SIGN_IN_LIMIT.failures} failures in a row per email and address; a success resets the count`, async () => {
    const user = await account();
    for (let i = 0; i < SIGN_IN_LIMIT.failures - 1; i++) await authenticate({ email: user.email, password: 'wrong' }, from('10.0.0.2'));
    // A success before the limit forgets the failures.
    expect(await authenticate({ email: user.email, password: PASSWORD }, from('10.0.0.2'))).toMatchObject({ ok: true });
    for (let i = 0; i < SIGN_IN_LIMIT.failures; i++)
      expect(await authenticate({ email: user.email, password: 'wrong' }, from('10.0.0.2'))).toEqual({ ok: false, reason: 'invalid' });
    // Now even the right password is not checked from that address, for a minute at first…
    const paused = await authenticate({ email: user.email, password: PASSWORD }, from('10.0.0.2'));
    expect(paused).toMatchObject({ ok: false, reason: 'throttled' });
    expect(paused.ok === false && paused.reason === 'throttled' && paused.retryAfterSeconds).toBeGreaterThan(0);
    expect(paused.ok === false && paused.reason === 'throttled' && paused.retryAfterSeconds).toBeLessThanOrEqual(
      SIGN_IN_THROTTLE.accountAndAddress.baseDelayMs / 1000,
    );
    // …but the owner elsewhere is not locked out, and the last proxy's entry is the address that counts.
    expect(await authenticate({ email: user.email, password: PASSWORD }, from('10.0.0.3'))).toMatchObject({ ok: true });
    expect(await authenticate({ email: user.email, password: PASSWORD }, from('1.2.3.4, 10.0.0.2'))).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
    const throttled = await db().auditLog.count({
      where: { action: 'auth.sign-in-failed', subject: user.email, details: { path: ['reason'], equals: 'too many attempts' } },
    });
    expect(throttled).toBe(2);
  });
});

/** The audit rows of refused (throttled) sign-ins of this email. */
const throttledRows = (email: string) =>
  db().auditLog.findMany({
    where: { action: 'auth.sign-in-failed', subject: email, details: { path: ['reason'], equals: 'too many attempts' } },
  });

describe('limits that a changing address cannot escape', () => {
  it(`slows an account after ${SIGN_IN_ACCOUNT_LIMIT.failures} failures from any mix of addresses, even for the right password`, async () => {
    const user = await account();
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT.failures; i++)
      expect(await authenticate({ email: user.email, password: 'wrong' }, from(`203.0.113.${i + 1}`))).toEqual({
        ok: false,
        reason: 'invalid',
      });
    const locked = await authenticate({ email: user.email, password: PASSWORD }, from('203.0.113.200'));
    expect(locked).toMatchObject({ ok: false, reason: 'throttled' });
    expect(locked.ok === false && locked.reason === 'throttled' && locked.retryAfterSeconds).toBeGreaterThan(0);
    const [row] = await throttledRows(user.email);
    expect(row.details).toMatchObject({ ip: '203.0.113.200', limit: 'email' });
  });

  it(`stops one address after ${SIGN_IN_ADDRESS_LIMIT.failures} failures over many accounts; other addresses go on`, async () => {
    const attacker = from('198.51.100.7');
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.failures; i++) {
      const email = `sprayed-${i}-${Math.random().toString(36).slice(2, 8)}@test.example`;
      expect(await authenticate({ email, password: 'wrong' }, attacker)).toEqual({ ok: false, reason: 'invalid' });
    }
    const user = await account();
    expect(await authenticate({ email: user.email, password: PASSWORD }, attacker)).toMatchObject({ ok: false, reason: 'throttled' });
    expect((await throttledRows(user.email))[0].details).toMatchObject({ ip: '198.51.100.7', limit: 'address' });
    expect(await authenticate({ email: user.email, password: PASSWORD }, from('198.51.100.8'))).toMatchObject({ ok: true });
  });

  it('a success from an address does not wipe its failures on other accounts', async () => {
    const attacker = from('198.51.100.9');
    const own = await account();
    for (let i = 0; i < SIGN_IN_ADDRESS_LIMIT.failures - 1; i++)
      await authenticate(
        { email: `sprayed-again-${i}-${Math.random().toString(36).slice(2, 8)}@test.example`, password: 'wrong' },
        attacker,
      );
    expect(await authenticate({ email: own.email, password: PASSWORD }, attacker)).toMatchObject({ ok: true });
    await authenticate({ email: `one-more-${Math.random().toString(36).slice(2, 8)}@test.example`, password: 'wrong' }, attacker);
    const other = await account();
    expect(await authenticate({ email: other.email, password: PASSWORD }, attacker)).toMatchObject({ ok: false, reason: 'throttled' });
  });
});

describe('the actor of a request', () => {
  it('comes from a valid session cookie', async () => {
    const user = await account({ role: 'ADMIN' });
    expect(await actorFromRequest(request({ cookie: await sessionCookieFor(user) }))).toEqual({
      userId: user.id,
      label: user.email,
      role: 'ADMIN',
      via: 'session',
    });
  });

  it('uses the role in the database, not the one in the cookie', async () => {
    const user = await account({ role: 'EDITOR' });
    const cookie = await sessionCookieFor({ ...user, role: 'ADMIN' });
    expect(await actorFromRequest(request({ cookie }))).toMatchObject({ role: 'EDITOR' });
  });

  it('is gone once the session version is bumped or the account disabled', async () => {
    const user = await account();
    const cookie = await sessionCookieFor(user);
    await db().user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await actorFromRequest(request({ cookie }))).toBeNull();
    const other = await account();
    const otherCookie = await sessionCookieFor(other);
    await db().user.update({ where: { id: other.id }, data: { disabled: true } });
    expect(await actorFromRequest(request({ cookie: otherCookie }))).toBeNull();
  });

  it('carries "must change password"', async () => {
    const user = await account({ mustChangePassword: true });
    expect(await actorFromRequest(request({ cookie: await sessionCookieFor(user) }))).toMatchObject({ mustChangePassword: true });
  });

  it('is null for a forged or garbled cookie; an unknown Bearer token is a 401 that says so', async () => {
    expect(await actorFromRequest(request({ cookie: 'next-auth.session-token=not-a-jwt' }))).toBeNull();
    await expect(actorFromRequest(request({ authorization: 'Bearer cms_0000' }))).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/not valid/),
    });
    expect(await actorFromRequest(request({}))).toBeNull();
  });

  it('reads the secure cookie name used over https', async () => {
    const user = await account();
    const cookie = (await sessionCookieFor(user)).replace('next-auth.session-token', '__Secure-next-auth.session-token');
    expect(await actorFromRequest(request({ cookie }))).toMatchObject({ userId: user.id });
  });
});
