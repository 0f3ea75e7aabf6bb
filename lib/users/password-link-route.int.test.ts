/**
 * `POST /api/password-link` (the set-password form), called as Next.js would: one client's requests
 * are limited, and a refused one changes nothing, even with a usable link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { makeActor } from '../../test-support/actors';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { POST } from '../../app/api/password-link/route';
import { inviteUser } from './invite-user';
import { checkPasswordLink } from './check-password-link';
import { PASSWORD_LINK_LIMIT } from './limit-password-links';
import { passwordLinkPageStatus } from './password-link-page-status';
import { hashLinkToken } from './create-password-link';

let admin: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
});

const post = (client: string, json: unknown) =>
  callRoute(POST as unknown as RouteHandler, 'POST', '/api/password-link', {}, { headers: { 'x-forwarded-for': client }, json });

describe('POST /api/password-link', () => {
  it(`answers 429 with Retry-After past ${PASSWORD_LINK_LIMIT.limit} requests from one client, using nothing up`, async () => {
    const email = `link-limit-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const invite = await inviteUser({ actor: admin, email, role: 'EDITOR' });
    if (invite.delivery !== 'link') throw new Error('expected a link to hand over (no SMTP_URL in tests)');
    const token = new URL(invite.url).pathname.split('/').pop()!;
    const password = 'a-good-password-1';
    const client = '198.51.100.61';

    // Guesses: every request counts, whatever its answer.
    for (let i = 0; i < PASSWORD_LINK_LIMIT.limit; i++)
      expect((await post(client, { token: `guess-${i}-${'x'.repeat(40)}`, newPassword: password, confirmPassword: password })).status).toBe(
        404,
      );

    const refused = await post(client, { token, newPassword: password, confirmPassword: password });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await checkPasswordLink(token)).toMatchObject({ state: 'valid', email });
    expect(await db().auditLog.count({ where: { action: 'user.set-password', subject: email } })).toBe(0);
    expect(await db().user.findUniqueOrThrow({ where: { email }, select: { sessionVersion: true } })).toEqual({ sessionVersion: 1 });

    // Another client is not affected: the link works there.
    const elsewhere = await post('198.51.100.62', { token, newPassword: password, confirmPassword: password });
    expect(elsewhere.status).toBe(200);
    expect(await checkPasswordLink(token)).toMatchObject({ state: 'used' });
  });
});

describe('the set-password page status (proxy.ts)', () => {
  it('a usable link keeps 200 (null); a used or expired one is 410 Gone, an unknown one 404; other addresses are not looked at', async () => {
    const email = `link-status-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const invite = await inviteUser({ actor: admin, email });
    if (invite.delivery !== 'link') throw new Error('expected a link to hand over (no SMTP_URL in tests)');
    const path = new URL(invite.url).pathname;
    expect(await passwordLinkPageStatus(path)).toBeNull();

    const password = 'a-good-password-1';
    expect((await post('198.51.100.70', { token: path.split('/').pop(), newPassword: password, confirmPassword: password })).status).toBe(
      200,
    );
    expect(await passwordLinkPageStatus(path)).toBe(410);

    const expiredToken = `expired-${Math.random().toString(36).slice(2, 10)}`;
    await db().passwordLink.create({
      data: { userId: invite.user.id, purpose: 'reset', tokenHash: hashLinkToken(expiredToken), expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await passwordLinkPageStatus(`/set-password/${expiredToken}`)).toBe(410);
    expect(await passwordLinkPageStatus('/set-password/not-a-real-token')).toBe(404);
    expect(await passwordLinkPageStatus(`/set-password/${'x'.repeat(201)}`)).toBe(404);
    expect(await passwordLinkPageStatus('/films/some-film')).toBeNull();
  });
});
