/**
 * Failed sign-ins slow attackers without locking the owner out (ASVS 5.0 V6: lockout as denial of
 * service): failures from anywhere do not stop the owner at an address they signed in from before,
 * nor on a device they signed in on; the attackers' own addresses stay slowed. Addresses are random
 * per run, so the file can run against a shared Redis (REDIS_URL) as well as in memory.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { hashPassword } from './password';
import { authenticate } from './authenticate';

const PASSWORD = 'correct-horse-battery';
let passwordHash: string;
const run = () => Math.floor(Math.random() * 250) + 1;
const net = `10.${run()}.${run()}`;
const otherNet = `100.${64 + (run() % 64)}.${run()}`;
const from = (ip: string, cookie?: string) => new Headers({ 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) });
const deviceCookie = (value: string) => `cms-known-device=${value}`;
const unique = (what: string) => `${what}-${Math.random().toString(36).slice(2, 10)}@test.example`;

async function account(role: 'ADMIN' | 'EDITOR' = 'EDITOR') {
  return db().user.create({ data: { email: unique('lockout'), passwordHash, role } });
}

/** Signs in with the right password and returns the known-device cookie value it set. */
async function signIn(email: string, headers: Headers) {
  const result = await authenticate({ email, password: PASSWORD }, headers);
  expect(result).toMatchObject({ ok: true });
  return (result as { knownDevice: string }).knownDevice;
}

const wrong = (email: string, headers: Headers) => authenticate({ email, password: 'not-the-password' }, headers);

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

describe('sign-in that failures from elsewhere cannot turn off', () => {
  it('200 failures for the admin from other addresses: the admin still signs in at their usual address; the attackers are refused', async () => {
    const admin = await account('ADMIN');
    const usual = `${net}.1`;
    await signIn(admin.email, from(usual));

    const outcomes = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const result = await wrong(admin.email, from(`${otherNet}.${(i % 200) + 2}`));
      outcomes.set(result.ok ? 'ok' : result.reason, (outcomes.get(result.ok ? 'ok' : result.reason) ?? 0) + 1);
    }
    // The first failures are checked, the rest refused unchecked.
    expect(outcomes.get('invalid')).toBeGreaterThan(0);
    expect(outcomes.get('throttled')).toBeGreaterThan(100);
    expect(outcomes.get('ok')).toBeUndefined();

    // The admin's own first attempt, from the address they signed in from before, succeeds.
    expect(await authenticate({ email: admin.email, password: PASSWORD }, from(usual))).toMatchObject({ ok: true });
    // An attacker's address is still refused, even with the right password (it is not even checked)…
    expect(await authenticate({ email: admin.email, password: PASSWORD }, from(`${otherNet}.2`))).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
    // …and so is any address the account never signed in from: the admin's success wiped nothing.
    expect(await authenticate({ email: admin.email, password: PASSWORD }, from(`${otherNet}.240`))).toMatchObject({
      ok: false,
      reason: 'throttled',
    });

    const signIns = await db().auditLog.findMany({ where: { action: 'auth.sign-in', subject: admin.email } });
    expect(signIns.map((row) => (row.details as { ip: string }).ip)).toEqual([usual, usual]);
    const refused = await db().auditLog.count({
      where: { action: 'auth.sign-in-failed', subject: admin.email, details: { path: ['reason'], equals: 'too many attempts' } },
    });
    expect(refused).toBe((outcomes.get('throttled') ?? 0) + 2);
  });

  it('a device the user signed in on is let in at an address where the attacker made every limit bite', async () => {
    const user = await account();
    const device = await signIn(user.email, from(`${net}.20`));
    const cafe = `${net}.21`;
    // The attacker at the café: failures on this account and on twenty others.
    for (let i = 0; i < 6; i++) await wrong(user.email, from(cafe));
    for (let i = 0; i < 20; i++) await wrong(unique('sprayed'), from(cafe));
    expect(await authenticate({ email: user.email, password: PASSWORD }, from(cafe))).toMatchObject({ ok: false, reason: 'throttled' });
    // A forged or another account's device entry is no device.
    const other = await account();
    const otherDevice = await signIn(other.email, from(`${net}.22`));
    for (const cookie of [deviceCookie(otherDevice), deviceCookie(`${'a'.repeat(22)}.${'b'.repeat(43)}`), deviceCookie('garbage')])
      expect(await authenticate({ email: user.email, password: PASSWORD }, from(cafe, cookie))).toMatchObject({
        ok: false,
        reason: 'throttled',
      });

    // The owner, with the cookie their earlier sign-in set, signs in there.
    const result = await authenticate({ email: user.email, password: PASSWORD }, from(cafe, deviceCookie(device)));
    expect(result).toMatchObject({ ok: true });
    // The cookie keeps this user's entry, and the other account's beside it.
    const both = await signIn(other.email, from(`${net}.22`, deviceCookie(device)));
    expect(both.split('~')).toHaveLength(2);
    expect(await authenticate({ email: user.email, password: PASSWORD }, from(cafe, deviceCookie(both)))).toMatchObject({ ok: true });

    // A copied cookie gets no more guesses than an address: the device's own failures slow it.
    for (let i = 0; i < 5; i++) expect(await wrong(user.email, from(cafe, deviceCookie(device)))).toEqual({ ok: false, reason: 'invalid' });
    expect(await authenticate({ email: user.email, password: PASSWORD }, from(cafe, deviceCookie(device)))).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
    const [row] = await db().auditLog.findMany({
      where: { action: 'auth.sign-in-failed', subject: user.email, details: { path: ['limit'], equals: 'known device' } },
    });
    expect(row?.details).toMatchObject({ ip: cafe, reason: 'too many attempts' });
  });

  it('failures sprayed from one address (a proxy) do not stop the users who signed in there before; new ones there wait', async () => {
    const proxy = `${net}.30`;
    const regular = await account();
    await signIn(regular.email, from(proxy));
    for (let i = 0; i < 25; i++) await wrong(unique('sprayed'), from(proxy));
    expect(await authenticate({ email: regular.email, password: PASSWORD }, from(proxy))).toMatchObject({ ok: true });
    const newcomer = await account();
    expect(await authenticate({ email: newcomer.email, password: PASSWORD }, from(proxy))).toMatchObject({
      ok: false,
      reason: 'throttled',
    });
    expect(await authenticate({ email: newcomer.email, password: PASSWORD }, from(`${net}.31`))).toMatchObject({ ok: true });
  });
});
