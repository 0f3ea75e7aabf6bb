/**
 * Account management (domain functions): every change checks the actor, bumps the session version
 * where it must, and writes its audit row in the same transaction; there is always an active admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { authenticate } from '../auth/authenticate';
import { makeActor } from '../../test-support/actors';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors';
import { inviteUser } from './invite-user';
import { listUsers } from './list-users';
import { changeRole } from './change-role';
import { disableUser } from './disable-user';
import { enableUser } from './enable-user';
import { resetPassword } from './reset-password';
import { signOutEverywhere } from './sign-out-everywhere';
import { changePassword } from './change-password';
import { redeemPasswordLink } from './redeem-password-link';
import { checkPasswordLink } from './check-password-link';
import { PASSWORD_LINK_TTL_MS } from './create-password-link';

let admin: Actor;
let editor: Actor;
const email = (what: string) => `users-${what}-${Math.random().toString(36).slice(2, 8)}@test.example`;
const sessionVersion = async (id: string) => (await db().user.findUniqueOrThrow({ where: { id } })).sessionVersion;
const audits = (action: string, subject: string) => db().auditLog.count({ where: { action, subject } });

/** The token of a link handed to the admin (no SMTP_URL in these tests). */
function tokenOf(result: { delivery: 'mail' } | { delivery: 'link'; url: string }): string {
  if (result.delivery !== 'link') throw new Error('expected a link to hand over');
  return new URL(result.url).pathname.split('/').pop()!;
}

/** An invited user who has set their password at the invitation link. */
async function invited(role: 'ADMIN' | 'EDITOR' = 'EDITOR') {
  const result = await inviteUser({ actor: admin, email: email('invited'), role });
  const password = `chosen-${Math.random().toString(36).slice(2)}-pw`;
  await redeemPasswordLink({ token: tokenOf(result), newPassword: password, confirmPassword: password });
  return { ...result, password, actor: { userId: result.user.id, label: result.user.email, role, via: 'session' } as Actor };
}

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('invite', () => {
  it('creates the account (a Writer unless told otherwise: least privilege) with a one-time link (only its hash stored); nobody can sign in before it is used', async () => {
    const result = await inviteUser({ actor: admin, email: `  ${email('new').toUpperCase()}  `, name: 'New Person' });
    const { user } = result;
    expect(user).toMatchObject({ role: 'WRITER', mustChangePassword: true, disabled: false, name: 'New Person' });
    expect(user.email).toBe(user.email.toLowerCase());
    expect(user).not.toHaveProperty('passwordHash');
    expect(result).not.toHaveProperty('oneTimePassword');
    const token = tokenOf(result);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const links = await db().passwordLink.findMany({ where: { userId: user.id } });
    expect(links).toHaveLength(1);
    expect(links[0].tokenHash).not.toContain(token);
    expect(links[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(PASSWORD_LINK_TTL_MS.invite - 60_000);
    expect(await audits('user.invite', user.email)).toBe(1);
    const details = (await db().auditLog.findFirstOrThrow({ where: { action: 'user.invite', subject: user.email } })).details;
    expect(JSON.stringify(details)).not.toContain(token);
    expect(details).toMatchObject({ mailed: false });
    expect(await checkPasswordLink(token)).toMatchObject({ state: 'valid', email: user.email, purpose: 'invite' });

    await redeemPasswordLink({ token, newPassword: 'my-own-password-1', confirmPassword: 'my-own-password-1' });
    expect(await authenticate({ email: user.email, password: 'my-own-password-1' })).toMatchObject({ ok: true });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).mustChangePassword).toBe(false);
    expect(await audits('user.set-password', user.email)).toBe(1);
  });

  it('refuses a used email and a bad one, naming the field', async () => {
    const { user } = await invited();
    await expect(inviteUser({ actor: admin, email: user.email })).rejects.toMatchObject({ errors: [{ path: 'email' }] });
    await expect(inviteUser({ actor: admin, email: 'nope' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('is for admins only', async () => {
    await expect(inviteUser({ actor: editor, email: email('x') })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(inviteUser({ actor: null as unknown as Actor, email: email('x') })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(listUsers({ actor: editor })).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('list', () => {
  it('lists accounts without password hashes', async () => {
    const users = await listUsers({ actor: admin });
    expect(users.length).toBeGreaterThan(1);
    for (const user of users) expect(user).not.toHaveProperty('passwordHash');
  });
});

describe('role, disable, enable, reset, sign out everywhere', () => {
  it('changing the role ends the sessions and is audited; the same role changes nothing', async () => {
    const { user } = await invited();
    const before = await sessionVersion(user.id);
    expect(await changeRole({ actor: admin, userId: user.id, role: 'ADMIN' })).toMatchObject({ role: 'ADMIN' });
    expect(await sessionVersion(user.id)).toBe(before + 1);
    await changeRole({ actor: admin, userId: user.id, role: 'ADMIN' });
    expect(await sessionVersion(user.id)).toBe(before + 1);
    expect(await audits('user.role', user.email)).toBe(1);
  });

  it('disabling ends the sessions and refuses sign-in; enabling lets the user back in', async () => {
    const { user, password } = await invited();
    const before = await sessionVersion(user.id);
    await disableUser({ actor: admin, userId: user.id });
    expect(await sessionVersion(user.id)).toBe(before + 1);
    expect(await authenticate({ email: user.email, password })).toEqual({ ok: false, reason: 'disabled' });
    // A wrong password for a disabled account says nothing more than for any account.
    expect(await authenticate({ email: user.email, password: 'wrong-password' })).toEqual({ ok: false, reason: 'invalid' });
    await enableUser({ actor: admin, userId: user.id });
    expect(await authenticate({ email: user.email, password })).toMatchObject({ ok: true });
    expect(await audits('user.disable', user.email)).toBe(1);
    expect(await audits('user.enable', user.email)).toBe(1);
  });

  it('an admin cannot disable their own account', async () => {
    await expect(disableUser({ actor: admin, userId: admin.userId })).rejects.toBeInstanceOf(ConflictError);
  });

  it('resetting a password gives a new link, ends the sessions, and the old password and links stop working', async () => {
    const { user, password } = await invited();
    const before = await sessionVersion(user.id);
    const first = await resetPassword({ actor: admin, userId: user.id });
    const reset = await resetPassword({ actor: admin, userId: user.id });
    expect(reset.user.mustChangePassword).toBe(true);
    expect(await sessionVersion(user.id)).toBe(before + 2);
    expect(await authenticate({ email: user.email, password })).toMatchObject({ ok: false });
    // Only the newest link works.
    expect(await checkPasswordLink(tokenOf(first))).toEqual({ state: 'used' });
    await redeemPasswordLink({ token: tokenOf(reset), newPassword: 'after-reset-pw-1', confirmPassword: 'after-reset-pw-1' });
    expect(await authenticate({ email: user.email, password: 'after-reset-pw-1' })).toMatchObject({ ok: true });
    expect(await audits('user.reset-password', user.email)).toBe(2);
  });

  it('signs a user out everywhere: oneself, or anyone for an admin', async () => {
    const { user, actor } = await invited();
    const before = await sessionVersion(user.id);
    await signOutEverywhere({ actor: { ...actor, mustChangePassword: true } });
    await signOutEverywhere({ actor: admin, userId: user.id });
    expect(await sessionVersion(user.id)).toBe(before + 2);
    await expect(signOutEverywhere({ actor: editor, userId: user.id })).rejects.toBeInstanceOf(ForbiddenError);
    expect(await audits('user.sign-out-everywhere', user.email)).toBe(2);
  });

  it('404 for an unknown user; editors may not do any of it', async () => {
    await expect(changeRole({ actor: admin, userId: 'no-such-user', role: 'EDITOR' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(enableUser({ actor: admin, userId: 'no-such-user' })).rejects.toBeInstanceOf(NotFoundError);
    const { user } = await invited();
    for (const attempt of [
      () => changeRole({ actor: editor, userId: user.id, role: 'ADMIN' }),
      () => disableUser({ actor: editor, userId: user.id }),
      () => enableUser({ actor: editor, userId: user.id }),
      () => resetPassword({ actor: editor, userId: user.id }),
    ])
      await expect(attempt()).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('there is always at least one active admin', () => {
  // Other files' admins would count: set them aside for these tests, and put them back after.
  let setAside: string[] = [];
  let lastAdmin: Actor;

  beforeAll(async () => {
    lastAdmin = await makeActor('ADMIN');
    const others = await db().user.findMany({
      where: { role: 'ADMIN', disabled: false, id: { not: lastAdmin.userId } },
      select: { id: true },
    });
    setAside = others.map((u) => u.id);
    await db().user.updateMany({ where: { id: { in: setAside } }, data: { role: 'EDITOR' } });
  });

  afterAll(async () => {
    await db().user.updateMany({ where: { id: { in: setAside } }, data: { role: 'ADMIN' } });
  });

  it('refuses to demote or disable the last active admin (409), changing nothing', async () => {
    await expect(changeRole({ actor: lastAdmin, userId: lastAdmin.userId, role: 'EDITOR' })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('last active admin'),
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: lastAdmin.userId } })).role).toBe('ADMIN');
  });

  it('two admins demoting each other at once: exactly one succeeds', async () => {
    const second = await makeActor('ADMIN');
    const results = await Promise.allSettled([
      changeRole({ actor: lastAdmin, userId: second.userId, role: 'EDITOR' }),
      changeRole({ actor: second, userId: lastAdmin.userId, role: 'EDITOR' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof ConflictError)).toHaveLength(1);
    expect(await db().user.count({ where: { role: 'ADMIN', disabled: false, id: { in: [lastAdmin.userId, second.userId] } } })).toBe(1);
    // Put the survivor back as the only admin of this block.
    await db().user.updateMany({ where: { id: { in: [lastAdmin.userId, second.userId] } }, data: { role: 'EDITOR' } });
    await db().user.update({ where: { id: lastAdmin.userId }, data: { role: 'ADMIN' } });
  });

  it('a disabled admin does not count', async () => {
    const other = await makeActor('ADMIN');
    await disableUser({ actor: lastAdmin, userId: other.userId });
    await expect(disableUser({ actor: other, userId: lastAdmin.userId })).rejects.toBeInstanceOf(ConflictError);
    await expect(changeRole({ actor: lastAdmin, userId: lastAdmin.userId, role: 'EDITOR' })).rejects.toBeInstanceOf(ConflictError);
    // Demoting a disabled admin is fine: it is not an active one.
    await expect(changeRole({ actor: lastAdmin, userId: other.userId, role: 'EDITOR' })).resolves.toMatchObject({ role: 'EDITOR' });
  });
});

describe('change one’s own password', () => {
  it('needs the current password, clears "must change", ends every session', async () => {
    const { user, password, actor } = await invited();
    const forced = { ...actor, mustChangePassword: true };
    await expect(
      changePassword({ actor: forced, currentPassword: 'wrong', newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' }),
    ).rejects.toMatchObject({
      errors: [{ path: 'currentPassword' }],
    });
    await expect(
      changePassword({ actor: forced, currentPassword: password, newPassword: 'short', confirmPassword: 'short' }),
    ).rejects.toBeInstanceOf(ValidationError);
    const before = await sessionVersion(user.id);
    await changePassword({
      actor: forced,
      currentPassword: password,
      newPassword: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.mustChangePassword).toBe(false);
    expect(row.sessionVersion).toBe(before + 1);
    expect(await authenticate({ email: user.email, password: 'a-new-password-1' })).toMatchObject({ ok: true });
    expect(await audits('user.change-password', user.email)).toBe(1);
  });

  it('not through an API token', async () => {
    const { actor } = await invited();
    await expect(
      changePassword({
        actor: { ...actor, via: 'token' },
        currentPassword: 'x',
        newPassword: 'a-new-password-1',
        confirmPassword: 'a-new-password-1',
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});

describe('one-time links', () => {
  it('work once: a second use, an expired link and an unknown one are refused with their reason, changing nothing', async () => {
    const result = await inviteUser({ actor: admin, email: email('link') });
    const token = tokenOf(result);
    const set = (t: string, pw = 'a-good-password-1', now?: Date) =>
      redeemPasswordLink({ token: t, newPassword: pw, confirmPassword: pw }, now ? { now } : {});
    // Bad input names the field and uses nothing up.
    await expect(redeemPasswordLink({ token, newPassword: 'short', confirmPassword: 'short' })).rejects.toMatchObject({
      status: 400,
      errors: [{ path: 'newPassword' }],
    });
    await expect(redeemPasswordLink({ token, newPassword: 'a-good-password-1', confirmPassword: 'another-one-22' })).rejects.toMatchObject({
      errors: [{ path: 'confirmPassword' }],
    });
    // Past its expiry it is refused as expired.
    const later = new Date(Date.now() + PASSWORD_LINK_TTL_MS.invite + 1_000);
    await expect(set(token, undefined, later)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('expired') });
    expect(await checkPasswordLink(token, { now: later })).toEqual({ state: 'expired' });
    // Two uses at the same moment: exactly one wins.
    const both = await Promise.allSettled([set(token, 'first-password-11'), set(token, 'second-password-22')]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await expect(set(token)).rejects.toMatchObject({ status: 409, message: expect.stringContaining('already used') });
    await expect(set('no-such-token')).rejects.toBeInstanceOf(NotFoundError);
    expect(await audits('user.set-password', result.user.email)).toBe(1);
  });

  it('a disabled account cannot use its link', async () => {
    const result = await inviteUser({ actor: admin, email: email('disabled-link') });
    await disableUser({ actor: admin, userId: result.user.id });
    await expect(
      redeemPasswordLink({ token: tokenOf(result), newPassword: 'a-good-password-1', confirmPassword: 'a-good-password-1' }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});
