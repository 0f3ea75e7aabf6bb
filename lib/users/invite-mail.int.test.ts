/**
 * Invitations, resets and "Forgot your password?" by mail, against a real SMTP server process
 * (test-support/smtp-sink.mjs, the smtp-server package) started here: the message it received
 * (an HTML and a plain-text part) names the inviter, the site, the role and the expiry in words,
 * and following its link (the set-password page's check, then its POST /api/password-link) sets
 * the password.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { authenticate } from '../auth/authenticate';
import { makeActor } from '../../test-support/actors';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { inviteUser } from './invite-user';
import { resetPassword } from './reset-password';
import { checkPasswordLink } from './check-password-link';
import { POST as setPasswordRoute } from '../../app/api/password-link/route';
import { POST as passwordResetRoute } from '../../app/api/password-reset/route';
import { requestPasswordReset, RESET_MAILS_PER_ADDRESS } from './request-password-reset';
import { redeemPasswordLink } from './redeem-password-link';
import { disableUser } from './disable-user';
import { PASSWORD_RESET_LIMIT } from './limit-password-links';

// Before any module reads the environment (lib/env.ts validates it once). In the SMTP test ports.
const PORT = vi.hoisted(() => {
  const port = 2525;
  process.env.SMTP_URL = `smtp://mailer:secret@127.0.0.1:${port}`;
  process.env.MAIL_FROM = 'Film pages <films@cms.test>';
  return port;
});

type Received = { from: string | null; to: string[]; subject: string; text: string; html: string | null };

let sink: ChildProcess;
const received: Received[] = [];
const waiting: Array<() => void> = [];
let admin: Actor;

/** The next message the server received for this address (waits for it). */
async function mailTo(address: string): Promise<Received> {
  for (;;) {
    const found = received.find((m) => m.to.includes(address));
    if (found) return found;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

beforeAll(async () => {
  sink = spawn(process.execPath, [path.join(import.meta.dirname, '../../test-support/smtp-sink.mjs'), String(PORT)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: sink.stdout! });
  await new Promise<void>((resolve, reject) => {
    sink.once('exit', (code) => reject(new Error(`smtp-sink exited with ${code}`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line) as Received | { listening: number };
      if ('listening' in message) return resolve();
      received.push(message);
      for (const wake of waiting.splice(0)) wake();
    });
  });
  admin = await makeActor('ADMIN');
  await db().user.update({ where: { id: admin.userId }, data: { name: 'Ada Admin' } });
}, 30_000);

afterAll(async () => {
  sink?.kill('SIGTERM');
  await db().$disconnect();
});

const linkIn = (text: string) => {
  const match = /https?:\/\/\S+\/set-password\/([A-Za-z0-9_-]+)/u.exec(text);
  if (!match) throw new Error(`no set-password link in:\n${text}`);
  return { url: match[0], token: match[1] };
};

const follow = (token: string, password: string) =>
  callRoute(
    setPasswordRoute as unknown as RouteHandler,
    'POST',
    '/api/password-link',
    {},
    {
      json: { token, newPassword: password, confirmPassword: password },
    },
  );

describe('invitation by mail', () => {
  it('mails the invitee a one-time link; following it sets their password, and it works once', async () => {
    const email = `mail-invite-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const result = await inviteUser({ actor: admin, email, role: 'EDITOR' });
    // The admin is told it was mailed, and is not given the link.
    expect(result).toMatchObject({ delivery: 'mail' });
    expect(result).not.toHaveProperty('url');

    const mail = await mailTo(email);
    expect(mail.from).toBe('films@cms.test');
    expect(mail.subject).toBe('Ada Admin invited you to Film pages as Editor');
    // Both parts name the inviter, the site, the role and the expiry in words (no raw GMT stamp).
    expect(mail.html).not.toBeNull();
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(`Ada Admin (${admin.label})`);
      expect(part).toContain('Film pages (localhost:3000)');
      expect(part).toContain('an Editor');
      expect(part).toMatch(/works once, in 7 days \(until \w+day \d{1,2} \w+ \d{4} at \d\d:\d\d UTC\)/u);
      expect(part).not.toContain('GMT');
    }
    const { url, token } = linkIn(mail.text);
    expect(mail.html).toContain(`href="${url}"`);
    expect(url).toMatch(/^http:\/\/localhost:3000\/set-password\//u);
    expect(await authenticate({ email, password: 'chosen-by-mail-1' })).toMatchObject({ ok: false });

    // Following the link: the page finds it valid, the form's POST sets the password.
    expect(await checkPasswordLink(token)).toMatchObject({ state: 'valid', email, purpose: 'invite' });
    const response = await follow(token, 'chosen-by-mail-1');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email });
    expect(await authenticate({ email, password: 'chosen-by-mail-1' })).toMatchObject({ ok: true });

    // Once only.
    const again = await follow(token, 'another-password-2');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toContain('already used');
    expect(await authenticate({ email, password: 'another-password-2' })).toMatchObject({ ok: false });
    expect(
      await db().auditLog.count({ where: { action: 'user.invite', subject: email, details: { path: ['mailed'], equals: true } } }),
    ).toBe(1);
  });

  it('a reset mails a new link, and a short password is a 400 naming the field', async () => {
    const email = `mail-reset-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const { user } = await inviteUser({ actor: admin, email });
    await mailTo(email);
    received.length = 0;
    expect(await resetPassword({ actor: admin, userId: user.id })).toMatchObject({ delivery: 'mail' });
    const mail = await mailTo(email);
    expect(mail.subject).toMatch(/new password/i);
    const { token } = linkIn(mail.text);
    const short = await follow(token, 'short');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Array<{ path: string }> }).errors[0].path).toBe('newPassword');
    expect((await follow(token, 'reset-by-mail-123')).status).toBe(200);
    expect(await authenticate({ email, password: 'reset-by-mail-123' })).toMatchObject({ ok: true });
  });
});

describe('forgot your password', () => {
  async function userWithPassword(what: string, password: string) {
    const email = `forgot-${what}-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const invite = await inviteUser({ actor: admin, email });
    const { token } = linkIn((await mailTo(email)).text);
    await redeemPasswordLink({ token, newPassword: password, confirmPassword: password });
    received.splice(0);
    return { email, userId: invite.user.id };
  }

  it('mails the account a reset link that names no admin; the old password works until the link is used', async () => {
    const { email } = await userWithPassword('known', 'the-old-password-1');
    expect(await requestPasswordReset({ email: `  ${email.toUpperCase()} ` })).toBe('mailed');
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Reset your password for Film pages');
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('asked to reset the password of your account at Film pages (localhost:3000)');
      expect(part).toMatch(/works once, in 24 hours \(until /u);
      expect(part).not.toContain('Ada Admin');
    }
    // Asking changes nothing yet: whoever asked may not be the owner.
    expect(await authenticate({ email, password: 'the-old-password-1' })).toMatchObject({ ok: true });
    const { token } = linkIn(mail.text);
    expect(await checkPasswordLink(token)).toMatchObject({ state: 'valid', purpose: 'reset', email });
    expect((await follow(token, 'the-new-password-2')).status).toBe(200);
    expect(await authenticate({ email, password: 'the-new-password-2' })).toMatchObject({ ok: true });
    expect(await authenticate({ email, password: 'the-old-password-1' })).toMatchObject({ ok: false });
    expect(await db().auditLog.count({ where: { action: 'user.request-reset', subject: email } })).toBe(1);
  });

  it('an unknown or disabled address gets nothing and leaves no link; a bad address is a 400 naming the field', async () => {
    const unknown = `forgot-nobody-${Math.random().toString(36).slice(2, 8)}@test.example`;
    expect(await requestPasswordReset({ email: unknown })).toBe('no-account');
    const { email, userId } = await userWithPassword('disabled', 'a-disabled-password-1');
    await disableUser({ actor: admin, userId });
    const linksBefore = await db().passwordLink.count({ where: { userId } });
    expect(await requestPasswordReset({ email })).toBe('disabled');
    expect(await db().passwordLink.count({ where: { userId } })).toBe(linksBefore);
    await expect(requestPasswordReset({ email: 'not an address' })).rejects.toMatchObject({ errors: [{ path: 'email' }] });
    expect(received.filter((m) => m.to.includes(unknown) || m.to.includes(email))).toEqual([]);
  });

  it(`sends at most ${RESET_MAILS_PER_ADDRESS.limit} reset mails to one address per hour, whoever asks`, async () => {
    const { email } = await userWithPassword('flooded', 'a-flooded-password-1');
    for (let i = 0; i < RESET_MAILS_PER_ADDRESS.limit; i++) expect(await requestPasswordReset({ email })).toBe('mailed');
    expect(await requestPasswordReset({ email })).toBe('address-limited');
    // Each new link voided the one before: only the newest works.
    expect(await db().passwordLink.count({ where: { user: { email }, purpose: 'reset', usedAt: null } })).toBe(1);
  });

  it(`POST /api/password-reset: 400 names the field; past ${PASSWORD_RESET_LIMIT.limit} requests from one client, 429 with Retry-After`, async () => {
    const headers = { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` };
    const post = (json: unknown) =>
      callRoute(passwordResetRoute as unknown as RouteHandler, 'POST', '/api/password-reset', {}, { headers, json });
    for (let i = 0; i < PASSWORD_RESET_LIMIT.limit; i++) {
      const bad = await post({ email: 'nope' });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { errors: Array<{ path: string }> }).errors[0].path).toBe('email');
    }
    const limited = await post({ email: 'someone@test.example' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
