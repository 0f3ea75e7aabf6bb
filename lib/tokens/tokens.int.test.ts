import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { hashToken } from '../auth/api-token';
import { actorFromToken } from '../auth/actor-from-request';
import { makeActor } from '../../test-support/actors';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { createToken } from './create-token';
import { listTokens } from './list-tokens';
import { revokeToken } from './revoke-token';

let admin: Actor;
let editor: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('API tokens', () => {
  it('shows the secret once and stores only its hash and a recognisable prefix', async () => {
    const { token, secret } = await createToken({ actor: admin, name: ' import script ', role: 'EDITOR' });
    expect(secret).toMatch(/^cms_[0-9a-f]{40}$/);
    expect(token).toMatchObject({
      name: 'import script',
      role: 'EDITOR',
      prefix: secret.slice(0, 12),
      revokedAt: null,
      createdBy: { email: admin.label },
    });
    expect(token).not.toHaveProperty('tokenHash');
    const row = await db().apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(await db().auditLog.count({ where: { action: 'token.create', subject: 'import script' } })).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify((await db().auditLog.findMany({ where: { action: 'token.create' } })).map((a) => a.details))).not.toContain(
      secret,
    );
  });

  it('lists tokens without hashes, active ones first', async () => {
    const { token } = await createToken({ actor: admin, name: 'to revoke', role: 'EDITOR' });
    await revokeToken({ actor: admin, tokenId: token.id });
    const tokens = await listTokens({ actor: admin });
    for (const t of tokens) expect(t).not.toHaveProperty('tokenHash');
    const firstRevoked = tokens.findIndex((t) => t.revokedAt);
    expect(tokens.slice(firstRevoked).every((t) => t.revokedAt)).toBe(true);
  });

  it('a revoked token is no actor; revoking twice changes nothing', async () => {
    const { token, secret } = await createToken({ actor: admin, name: 'short-lived', role: 'ADMIN' });
    expect(await actorFromToken(secret)).toMatchObject({ role: 'ADMIN', via: 'token', label: 'token:short-lived' });
    const revoked = await revokeToken({ actor: admin, tokenId: token.id });
    expect(revoked.revokedAt).not.toBeNull();
    expect(await actorFromToken(secret)).toBeNull();
    await revokeToken({ actor: admin, tokenId: token.id });
    expect(await db().auditLog.count({ where: { action: 'token.revoke', subject: 'short-lived' } })).toBe(1);
  });

  it('validates, 404s and is for admins only', async () => {
    await expect(createToken({ actor: admin, name: '  ', role: 'EDITOR' })).rejects.toMatchObject({ errors: [{ path: 'name' }] });
    await expect(createToken({ actor: admin, name: 'x', role: 'OWNER' as 'ADMIN' })).rejects.toBeInstanceOf(ValidationError);
    await expect(revokeToken({ actor: admin, tokenId: 'no-such-token' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(createToken({ actor: editor, name: 'mine', role: 'EDITOR' })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listTokens({ actor: editor })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
