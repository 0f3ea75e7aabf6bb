import { db } from '../lib/db';
import { hashToken, newTokenSecret } from '../lib/auth/api-token';
import type { Role } from '../lib/auth/permissions';
import { sessionCookieFor } from './session-cookie';

/**
 * The callers every guarded entry point is tried with (the authorization matrix), as request
 * headers: a session cookie, an API token, or nothing. `expect` says what the guard must answer
 * for a permission the identity's role has ('role') or in any case (401 / 403).
 */
export type Identity = {
  name: string;
  role: Role | null;
  /** What a request must get: decided by the role, or always denied. */
  expect: 'role' | 401 | 403;
  /** Except for these permissions, which the role decides (a must-change-password user may change it). */
  roleDecidesFor?: string[];
  /** An API token: the REST API only (server actions and pages ignore it), never session-only permissions. */
  token?: true;
  headers: Record<string, string>;
};

type Fixture = { userId: string; role: Role; disabled: boolean; mustChangePassword: boolean };

let fixtures: Fixture[] = [];
let revokedTokenIds: string[] = [];

async function user(role: Role, flags: Partial<Pick<Fixture, 'disabled' | 'mustChangePassword'>> = {}) {
  const email = `matrix-${role.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@test.example`;
  const row = await db().user.create({ data: { email, role, passwordHash: 'not-used', ...flags } });
  fixtures.push({ userId: row.id, role, disabled: row.disabled, mustChangePassword: row.mustChangePassword });
  return row;
}

async function token(createdById: string, role: Role, revoked = false) {
  const secret = newTokenSecret();
  const row = await db().apiToken.create({
    data: {
      name: `matrix-${role.toLowerCase()}${revoked ? '-revoked' : ''}`,
      role,
      prefix: secret.slice(0, 12),
      tokenHash: hashToken(secret),
      createdById,
      revokedAt: revoked ? new Date() : null,
    },
  });
  if (revoked) revokedTokenIds.push(row.id);
  return { authorization: `Bearer ${secret}` };
}

/** Creates the users and tokens behind the identities. */
export async function createIdentities(): Promise<Identity[]> {
  fixtures = [];
  revokedTokenIds = [];
  const admin = await user('ADMIN');
  const editor = await user('EDITOR');
  const writer = await user('WRITER');
  const disabled = await user('ADMIN', { disabled: true });
  const mustChange = await user('EDITOR', { mustChangePassword: true });
  const stale = await user('ADMIN');
  const staleCookie = await sessionCookieFor({ ...stale, sessionVersion: stale.sessionVersion - 1 });
  return [
    { name: 'anonymous', role: null, expect: 401, headers: {} },
    { name: 'editor', role: 'EDITOR', expect: 'role', headers: { cookie: await sessionCookieFor(editor) } },
    { name: 'admin', role: 'ADMIN', expect: 'role', headers: { cookie: await sessionCookieFor(admin) } },
    { name: 'writer', role: 'WRITER', expect: 'role', headers: { cookie: await sessionCookieFor(writer) } },
    { name: 'disabled user', role: 'ADMIN', expect: 401, headers: { cookie: await sessionCookieFor(disabled) } },
    { name: 'revoked token', role: 'ADMIN', expect: 401, token: true, headers: await token(admin.id, 'ADMIN', true) },
    { name: 'editor token', role: 'EDITOR', expect: 'role', token: true, headers: await token(admin.id, 'EDITOR') },
    { name: 'admin token', role: 'ADMIN', expect: 'role', token: true, headers: await token(admin.id, 'ADMIN') },
    // An admin's writer-role token: acts as a writer (never above its own role).
    { name: 'writer token', role: 'WRITER', expect: 'role', token: true, headers: await token(admin.id, 'WRITER') },
    { name: 'signed out everywhere', role: 'ADMIN', expect: 401, headers: { cookie: staleCookie } },
    {
      name: 'must change password',
      role: 'EDITOR',
      expect: 403,
      roleDecidesFor: ['account.update'],
      headers: { cookie: await sessionCookieFor(mustChange) },
    },
  ];
}

/**
 * Puts the identities back as created: an allowed call may have changed them (e.g. "sign out
 * everywhere" bumps the session version), and the next call must start from the same state.
 */
export async function resetIdentities(): Promise<void> {
  for (const f of fixtures)
    await db().user.update({
      where: { id: f.userId },
      data: { role: f.role, disabled: f.disabled, mustChangePassword: f.mustChangePassword, sessionVersion: 1 },
    });
  await db().apiToken.updateMany({
    where: { createdById: { in: fixtures.map((f) => f.userId) }, id: { notIn: revokedTokenIds } },
    data: { revokedAt: null },
  });
}
