import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { Actor } from '../auth/permissions';
import { writeAudit } from './write-audit';
import { makeActor } from '../../test-support/actors';
import { ForbiddenError } from '../errors';
import { listAudit } from './list-audit';

let admin: Actor;
const marker = `audit-${Date.now().toString(36)}`;

beforeAll(async () => {
  admin = await makeActor('ADMIN', `${marker}@test.example`);
  const film = await db().film.create({ data: { slug: `${marker}-film`, title: 'Audit film' } });
  // 7 entries by this actor, newest last: 5 film saves, 1 publish, 1 user change.
  for (let i = 1; i <= 5; i++)
    await db().$transaction((tx) =>
      writeAudit(tx, { actor: admin, action: 'film.save', filmId: film.id, subject: film.slug, details: { revision: i } }),
    );
  await db().$transaction((tx) =>
    writeAudit(tx, { actor: admin, action: 'film.publish', filmId: film.id, subject: film.slug, details: { revision: 5 } }),
  );
  await db().$transaction((tx) => writeAudit(tx, { actor: admin, action: 'user.role', subject: 'someone@test.example' }));
});

describe('the audit log', () => {
  it('is newest first and pages with a keyset cursor, without gaps or repeats', async () => {
    const first = await listAudit({ actor: admin, query: { actor: marker, limit: 3 } });
    expect(first.entries.map((e) => e.action)).toEqual(['user.role', 'film.publish', 'film.save']);
    expect(first.nextCursor).not.toBeNull();
    const second = await listAudit({ actor: admin, query: { actor: marker, limit: 3, before: first.nextCursor! } });
    const third = await listAudit({ actor: admin, query: { actor: marker, limit: 3, before: second.nextCursor! } });
    expect(third.nextCursor).toBeNull();
    const all = [...first.entries, ...second.entries, ...third.entries];
    expect(all).toHaveLength(7);
    expect(new Set(all.map((e) => e.id)).size).toBe(7);
    const ids = all.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(all.filter((e) => e.action === 'film.save').map((e) => (e.details as { revision: number }).revision)).toEqual([5, 4, 3, 2, 1]);
  });

  it('filters by action (a full name or a prefix), actor and film', async () => {
    expect((await listAudit({ actor: admin, query: { actor: marker, action: 'film.' } })).entries).toHaveLength(6);
    expect((await listAudit({ actor: admin, query: { actor: marker, action: 'film.publish' } })).entries).toHaveLength(1);
    const byFilm = await listAudit({ actor: admin, query: { film: `${marker}-film` } });
    expect(byFilm.entries).toHaveLength(6);
    expect(byFilm.entries[0]).toMatchObject({ film: `${marker}-film`, actorLabel: admin.label });
    expect((await listAudit({ actor: admin, query: { actor: marker.toUpperCase(), action: 'user.' } })).entries).toHaveLength(1);
  });

  it('ignores a malformed cursor or limit instead of failing', async () => {
    const page = await listAudit({ actor: admin, query: { actor: marker, before: 'abc', limit: 'lots' as unknown as number } });
    expect(page.entries).toHaveLength(7);
  });

  it('is for admins only', async () => {
    await expect(listAudit({ actor: await makeActor('EDITOR') })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
