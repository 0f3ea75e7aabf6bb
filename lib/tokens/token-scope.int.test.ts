/**
 * Issue 12, item 4: API tokens are for the REST API. With `Authorization: Bearer <admin token>` a
 * server action used to mint a new admin token (which outlived its parent's revocation) and invite
 * an admin. Now server actions and pages see sessions only, and the data layer refuses token actors
 * for anything that creates tokens or users, whatever the entry point.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { actorFromToken } from '../auth/actor-from-request';
import { ForbiddenError } from '../errors';
import { sessionCookieFor } from '../testing/session-cookie';
import { createToken } from './create-token';
import { inviteUser } from '../users/invite-user';
import { createTokenAction } from './token-actions';
import { inviteUserAction } from '../users/user-actions';

let currentHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

const run = Math.random().toString(36).slice(2, 8);
let admin: { id: string; email: string; role: 'ADMIN' | 'EDITOR'; sessionVersion: number };
let adminSecret = '';

beforeAll(async () => {
  admin = await db().user.create({ data: { email: `token-scope-${run}@test.example`, role: 'ADMIN', passwordHash: 'not-used' } });
  const adminActor = { userId: admin.id, label: admin.email, role: 'ADMIN' as const, via: 'session' as const };
  adminSecret = (await createToken({ actor: adminActor, name: `scope-parent-${run}`, role: 'ADMIN' })).secret;
});

const tokenCount = () => db().apiToken.count({ where: { createdById: admin.id } });

describe('an API token on server actions', () => {
  it('cannot mint a token or invite a user through a server action', async () => {
    currentHeaders = new Headers({ authorization: `Bearer ${adminSecret}` });
    const tokensBefore = await tokenCount();
    expect(await createTokenAction({ name: `minted-${run}`, role: 'ADMIN' })).toMatchObject({ ok: false, status: 401 });
    expect(await inviteUserAction({ email: `invited-${run}@test.example`, role: 'ADMIN' })).toMatchObject({ ok: false, status: 401 });
    expect(await tokenCount()).toBe(tokensBefore);
    expect(await db().user.count({ where: { email: `invited-${run}@test.example` } })).toBe(0);
  });

  it('the same admin signed in (a session cookie) still can', async () => {
    currentHeaders = new Headers({ cookie: await sessionCookieFor(admin) });
    const tokensBefore = await tokenCount();
    expect(await createTokenAction({ name: `by-session-${run}`, role: 'EDITOR' })).toMatchObject({ ok: true });
    expect(await tokenCount()).toBe(tokensBefore + 1);
  });

  it('is refused by the data layer too, whatever the entry point (403, nothing written)', async () => {
    const tokenActor = await actorFromToken(adminSecret);
    expect(tokenActor).toMatchObject({ role: 'ADMIN', via: 'token' });
    const tokensBefore = await tokenCount();
    await expect(createToken({ actor: tokenActor!, name: `minted-${run}`, role: 'ADMIN' })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(inviteUser({ actor: tokenActor!, email: `invited-${run}@test.example`, role: 'ADMIN' })).rejects.toThrow(/API token cannot manage users/);
    expect(await tokenCount()).toBe(tokensBefore);
    expect(await db().user.count({ where: { email: `invited-${run}@test.example` } })).toBe(0);
  });
});
