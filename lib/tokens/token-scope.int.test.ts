/**
 * API tokens are for the REST API. With `Authorization: Bearer <admin token>` a
 * server action used to mint a new admin token (which outlived its parent's revocation) and invite
 * an admin. Now server actions and pages see sessions only, and the data layer refuses token actors
 * for anything that creates tokens or users, whatever the entry point.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db';
import { actorFromToken } from '../auth/actor-from-request';
import { ForbiddenError } from '../errors';
import { sessionCookieFor } from '../../test-support/session-cookie';
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
let admin: { id: string; email: string; role: string; sessionVersion: number };
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
    await expect(inviteUser({ actor: tokenActor!, email: `invited-${run}@test.example`, role: 'ADMIN' })).rejects.toThrow(
      /API token cannot manage users/,
    );
    expect(await tokenCount()).toBe(tokensBefore);
    expect(await db().user.count({ where: { email: `invited-${run}@test.example` } })).toBe(0);
  });
});

describe('the migration that undoes what tokens did before this fix', () => {
  const MIGRATION = path.resolve(import.meta.dirname, '../../prisma/migrations/20261203021000_undo_admin_actions_of_tokens/migration.sql');

  /** Runs the migration's SQL as `migrate deploy` would (several statements, one simple query). */
  async function runMigration() {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(fs.readFileSync(MIGRATION, 'utf8'));
    } finally {
      await client.end();
    }
  }

  it('revokes tokens a token minted and disables accounts a token invited, with audit rows; the rest is untouched', async () => {
    const tokenLabel = `token:scope-parent-${run}`;
    const minted = await db().apiToken.create({
      data: { name: `minted-before-${run}`, role: 'ADMIN', prefix: 'cms_00000000', tokenHash: `hash-minted-${run}`, createdById: admin.id },
    });
    const fine = await db().apiToken.create({
      data: { name: `made-by-admin-${run}`, role: 'EDITOR', prefix: 'cms_11111111', tokenHash: `hash-fine-${run}`, createdById: admin.id },
    });
    const invited = await db().user.create({
      data: { email: `invited-before-${run}@test.example`, role: 'ADMIN', passwordHash: 'not-used' },
    });
    await db().auditLog.createMany({
      data: [
        {
          actorId: admin.id,
          actorLabel: tokenLabel,
          action: 'token.create',
          subject: minted.name,
          details: { tokenId: minted.id, role: 'ADMIN' },
        },
        {
          actorId: admin.id,
          actorLabel: admin.email,
          action: 'token.create',
          subject: fine.name,
          details: { tokenId: fine.id, role: 'EDITOR' },
        },
        {
          actorId: admin.id,
          actorLabel: tokenLabel,
          action: 'user.invite',
          subject: invited.email,
          details: { userId: invited.id, role: 'ADMIN' },
        },
      ],
    });

    await runMigration();
    await runMigration();

    expect((await db().apiToken.findUniqueOrThrow({ where: { id: minted.id } })).revokedAt).not.toBeNull();
    expect((await db().apiToken.findUniqueOrThrow({ where: { id: fine.id } })).revokedAt).toBeNull();
    expect(await db().user.findUniqueOrThrow({ where: { id: invited.id } })).toMatchObject({
      disabled: true,
      sessionVersion: invited.sessionVersion + 1,
    });
    expect(await db().auditLog.count({ where: { action: 'token.revoke', subject: minted.name, actorLabel: 'system' } })).toBe(1);
    expect(await db().auditLog.count({ where: { action: 'user.disable', subject: invited.email, actorLabel: 'system' } })).toBe(1);
  });
});
