/**
 * The first admin (ADMIN_EMAIL + ADMIN_PASSWORD) and readiness on a database that is not migrated
 * yet: an instance that starts before its migrations reports the pending ones, keeps trying, and
 * creates the admin once the schema exists; instances starting together make exactly one admin.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationNames } from '../ops/pending-migrations.mjs';
import { freshDatabase, runNode, waitFor, type TestDatabase } from '../../scripts/ops/support';
import { withClient } from '../../scripts/lib/database.mjs';

const MIGRATIONS = migrationNames(path.join(import.meta.dirname, '../../prisma/migrations'));
const EMAIL = 'First.Admin@Example.com';
const PASSWORD = 'a first admin password';

/** The modules under test, bound to `url` (db() reads DATABASE_URL once per module instance). */
async function modulesOn(url: string) {
  vi.stubEnv('DATABASE_URL', url);
  vi.resetModules();
  const ensure = await import('./ensure-user');
  const ready = await import('../../app/api/ready/route');
  const db = await import('../db');
  return {
    ...ensure,
    ready: async () => ((r) => r.json().then((body) => ({ status: r.status, body })))(await ready.GET()),
    disconnect: db.disconnectDb,
  };
}

const users = (url: string) =>
  withClient(
    url,
    async (client) =>
      (await client.query('SELECT email, role, name FROM "User" ORDER BY email')).rows as { email: string; role: string; name: string }[],
  );

/** A database of the describe block's own (its `url` once beforeAll ran), dropped after it. */
function databaseOfItsOwn(label: string, options?: { migrated: boolean }) {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await freshDatabase(label, options));
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database.drop?.();
  });
  return database;
}

describe('an instance started before its migrations', () => {
  const database = databaseOfItsOwn('first_admin_late', { migrated: false });

  it('is not ready and names the pending migrations, retries the admin, and makes it once the schema exists', async () => {
    const m = await modulesOn(database.url);
    const warnings: { reason: string }[] = [];
    const infos: { event: string }[] = [];
    const log = {
      info: (fields: object) => infos.push(fields as { event: string }),
      warn: (fields: object) => warnings.push(fields as { reason: string }),
    };
    const bootstrap = m.firstAdminBootstrap(EMAIL, PASSWORD, log, { firstDelayMs: 50, maxDelayMs: 200 });
    try {
      // The first probe opens the pool, which may take longer than readiness waits on a busy machine.
      const before = await waitFor('readiness to see the database', async () => {
        const answer = await m.ready();
        return answer.body.database === 'ok' ? answer : null;
      });
      expect(before.status).toBe(503);
      expect(before.body).toMatchObject({ status: 'unavailable', database: 'ok', schema: 'behind', pendingMigrations: MIGRATIONS });
      expect(before.body.message).toContain(MIGRATIONS.at(-1));
      await waitFor('a failed attempt', async () => warnings.length > 0);
      expect(m.firstAdminPending()).toBe(true);

      const migrated = await runNode(['scripts/prisma.mjs', 'migrate', 'deploy'], { DATABASE_URL: database.url });
      expect(migrated.code, migrated.stderr).toBe(0);

      await expect(bootstrap.done).resolves.toMatchObject({ created: true });
      expect(infos.map((i) => i.event)).toEqual(['auth.first-admin-created']);
      // One warning per distinct reason, not one per attempt.
      expect(new Set(warnings.map((w) => w.reason)).size).toBe(warnings.length);
      expect(await users(database.url)).toEqual([{ email: 'first.admin@example.com', role: 'ADMIN', name: 'Administrator' }]);
      expect(m.firstAdminPending()).toBe(false);
      expect(await m.ready()).toEqual({ status: 200, body: { status: 'ready', database: 'ok', schema: 'current' } });

      // A database that lost its record of the last migration (restored from an older backup) is behind again.
      await withClient(database.url, (client) =>
        client.query('DELETE FROM _prisma_migrations WHERE migration_name = $1', [MIGRATIONS.at(-1)]),
      );
      expect(await m.ready()).toMatchObject({ status: 503, body: { pendingMigrations: [MIGRATIONS.at(-1)] } });
    } finally {
      bootstrap.stop();
      await m.disconnect();
    }
  });
});

describe('an instance started while the last migrations run', () => {
  const database = databaseOfItsOwn('first_admin_behind');

  it('makes no admin while a migration is pending, though the user table exists, and makes it once none is', async () => {
    // The user table is there, the last migration not recorded: as while migrate deploy still runs.
    const [last] = await withClient(
      database.url,
      async (client) =>
        (await client.query('DELETE FROM _prisma_migrations WHERE migration_name = $1 RETURNING *', [MIGRATIONS.at(-1)])).rows,
    );
    const m = await modulesOn(database.url);
    const warnings: { reason: string }[] = [];
    const log = { info: () => {}, warn: (fields: object) => warnings.push(fields as { reason: string }) };
    const bootstrap = m.firstAdminBootstrap(EMAIL, PASSWORD, log, { firstDelayMs: 50, maxDelayMs: 100 });
    try {
      await waitFor('a failed attempt', async () => warnings.length > 0);
      // Several more attempts' time: still no admin.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(warnings[0].reason).toContain('behind');
      expect(await users(database.url)).toEqual([]);
      expect(m.firstAdminPending()).toBe(true);

      await withClient(database.url, (client) =>
        client.query(
          'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [
            last.id,
            last.checksum,
            last.finished_at,
            last.migration_name,
            last.logs,
            last.rolled_back_at,
            last.started_at,
            last.applied_steps_count,
          ],
        ),
      );
      await expect(bootstrap.done).resolves.toMatchObject({ created: true });
      expect(await users(database.url)).toEqual([{ email: 'first.admin@example.com', role: 'ADMIN', name: 'Administrator' }]);
    } finally {
      bootstrap.stop();
      await m.disconnect();
    }
  });
});

describe('instances starting together', () => {
  const database = databaseOfItsOwn('first_admin_race');

  it('make exactly one admin, and neither fails (the other finds a user)', async () => {
    const a = await modulesOn(database.url);
    const b = await modulesOn(database.url);
    try {
      const results = await Promise.all([
        a.ensureFirstAdmin(EMAIL, PASSWORD),
        b.ensureFirstAdmin(EMAIL, PASSWORD),
        a.ensureFirstAdmin('other.admin@example.com', PASSWORD),
        b.ensureFirstAdmin(EMAIL.toUpperCase(), PASSWORD),
      ]);
      expect(results.filter((r) => r?.created)).toHaveLength(1);
      expect(results.filter((r) => r === null)).toHaveLength(3);
      expect(await users(database.url)).toHaveLength(1);
      const audit = await withClient(
        database.url,
        async (client) => (await client.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE action = 'user.create'`)).rows[0].n,
      );
      expect(audit).toBe(1);
      // A restart with the admin present does nothing, whatever the variables say now.
      await expect(a.ensureFirstAdmin('new.admin@example.com', PASSWORD)).resolves.toBeNull();
      expect(await users(database.url)).toHaveLength(1);
    } finally {
      await a.disconnect();
      await b.disconnect();
    }
  });
});
