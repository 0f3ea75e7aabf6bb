/**
 * Sign-out ends the session on the server. A cookie captured before
 * /api/auth/signout used to work for 12 more hours; now next-auth's signOut event deletes the
 * session's row and a cookie without a live row is no actor. (e2e/security-auth.spec.ts does the
 * same through the real server and the sign-out button.)
 */
import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { authOptions } from './auth-options';
import { actorFromRequest } from './actor-from-request';
import { authSecret } from './auth-secret';
import { readSessionToken, SESSION_COOKIE } from './session-cookie';
import { SESSION_MAX_AGE_SECONDS } from './user-session';
import { sessionCookieFor } from '../../test-support/session-cookie';
import type { Role } from './permissions';

let user: { id: string; email: string; role: Role; sessionVersion: number };

beforeAll(async () => {
  user = await db().user.create({
    data: { email: `sign-out-${Math.random().toString(36).slice(2, 10)}@test.example`, role: 'EDITOR', passwordHash: 'not-used' },
  });
});

const request = (cookie: string) => new Request('http://cms.test/api/v1/editor/films', { headers: { cookie } });

/** What next-auth does on POST /api/auth/signout: decode the cookie, fire the signOut event. */
async function signOut(cookie: string) {
  const token = await readSessionToken(new Headers({ cookie }));
  await authOptions.events!.signOut!({ token: token!, session: undefined as never });
}

describe('sign-out', () => {
  it('ends the session: the same cookie is no actor afterwards, and it is audited', async () => {
    const cookie = await sessionCookieFor(user);
    expect(await actorFromRequest(request(cookie))).toMatchObject({ userId: user.id });
    await signOut(cookie);
    expect(await actorFromRequest(request(cookie))).toBeNull();
    expect(await db().auditLog.count({ where: { action: 'auth.sign-out', actorId: user.id } })).toBe(1);
  });

  it('ends only that session: the same user elsewhere stays signed in', async () => {
    const here = await sessionCookieFor(user);
    const elsewhere = await sessionCookieFor(user);
    await signOut(here);
    expect(await actorFromRequest(request(here))).toBeNull();
    expect(await actorFromRequest(request(elsewhere))).toMatchObject({ userId: user.id });
  });

  it('next-auth refuses to refresh an ended session (/api/auth/session clears the cookie)', async () => {
    const cookie = await sessionCookieFor(user);
    const token = (await readSessionToken(new Headers({ cookie })))!;
    await expect(authOptions.callbacks!.jwt!({ token } as never)).resolves.toMatchObject({ uid: user.id });
    await signOut(cookie);
    await expect(authOptions.callbacks!.jwt!({ token } as never)).rejects.toThrow('Session ended');
  });

  it('a validly signed cookie with no session row (or one idle past its lifetime) is no actor', async () => {
    const withoutSession = await encode({
      token: { sub: user.id, email: user.email, uid: user.id, role: user.role, sv: user.sessionVersion } as never,
      secret: authSecret(),
    });
    expect(await actorFromRequest(request(`${SESSION_COOKIE}=${withoutSession}`))).toBeNull();
    const idle = await sessionCookieFor(user);
    const { sid } = (await readSessionToken(new Headers({ cookie: idle })))!;
    await db().userSession.update({
      where: { id: sid },
      data: { lastSeenAt: new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000 - 1000) },
    });
    expect(await actorFromRequest(request(idle))).toBeNull();
  });

  it('a session row of another user does not lend its life to a cookie', async () => {
    const other = await db().user.create({
      data: { email: `sign-out-other-${Math.random().toString(36).slice(2, 10)}@test.example`, role: 'ADMIN', passwordHash: 'not-used' },
    });
    const { sid } = (await readSessionToken(new Headers({ cookie: await sessionCookieFor(other) })))!;
    const forged = await encode({
      token: { sub: user.id, email: user.email, uid: user.id, role: user.role, sv: user.sessionVersion, sid },
      secret: authSecret(),
    });
    expect(await actorFromRequest(request(`${SESSION_COOKIE}=${forged}`))).toBeNull();
  });
});
