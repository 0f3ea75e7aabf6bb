/**
 * `npm run db:backup` and `npm run db:restore`: a backup of a database with films and revisions,
 * restored into a fresh database, holds the same rows in every table.
 *
 * pg_dump refuses a server newer than itself, so this runs on the first server the installed
 * client tools can dump: the test server, else the machine's PostgreSQL on 127.0.0.1:5432.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMajorVersion, toolMajorVersion, withClient } from './pg-tools.mjs';
import { freshDatabase, runNode, runScript, type TestDatabase } from './support';
import { PROGRAMS, requirePrograms } from '../../test-support/required-programs.mjs';

const LOCAL_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

async function compatibleServer(): Promise<{ url: string | null; why: string }> {
  const client = toolMajorVersion(process.env.PG_DUMP || 'pg_dump');
  if (client === null) return { url: null, why: 'pg_dump is not installed' };
  const seen: string[] = [];
  for (const url of [process.env.TEST_DATABASE_ADMIN_URL, LOCAL_SERVER].filter((u): u is string => Boolean(u))) {
    try {
      const server = await serverMajorVersion(url);
      if (server <= client) return { url, why: '' };
      seen.push(`PostgreSQL ${server}`);
    } catch {
      seen.push('an unreachable server');
    }
  }
  return { url: null, why: `pg_dump ${client} can dump none of: ${seen.join(', ')}` };
}

requirePrograms('the backup test', [PROGRAMS.pgDump, PROGRAMS.pgRestore]);
const server = await compatibleServer();
// No server this pg_dump can dump is a broken machine for this suite, not a reason to pass.
if (!server.url) throw new Error(`backup test cannot run: ${server.why}`);

/** Every table's rows, as one checksum per table (sorted, so row order doesn't matter). */
async function checksums(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    const sums: Record<string, string> = {};
    for (const { tablename } of tables.rows) {
      const id = client.escapeIdentifier(tablename);
      const result = await client.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${id} t`,
      );
      sums[tablename] = `${result.rows[0].n}:${result.rows[0].sum}`;
    }
    return sums;
  });
}

async function filmsAndRevisions(url: string) {
  return withClient(url, async (client) => {
    const films = await client.query('SELECT slug, title, "latestRevision" FROM "Film" ORDER BY slug');
    const revisions = await client.query(
      'SELECT f.slug, r.number, r."contentHash" FROM "Revision" r JOIN "Film" f ON f.id = r."filmId" ORDER BY f.slug, r.number',
    );
    return { films: films.rows, revisions: revisions.rows };
  });
}

describe('db:backup and db:restore', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-backup-'));
  const file = path.join(dir, 'cms.dump');

  beforeAll(async () => {
    source = await freshDatabase('backup_src', { server: server.url! });
    target = await freshDatabase('backup_dst', { server: server.url!, migrated: false });
    const env = { DATABASE_URL: source.url };
    const seeded = await runScript('scripts/seed-demo.ts', env);
    expect(seeded.code, seeded.stderr).toBe(0);
    const more = await runScript('scripts/ops/fixtures/more-content.ts', env);
    expect(more.code, more.stderr).toBe(0);
  }, 900_000);

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up to a custom-format archive, without a password on the command line', async () => {
    const run = await runNode(['scripts/db-backup.mjs', '--file', file], { DATABASE_URL: source.url });
    expect(run.code, run.stderr).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    expect(run.stdout).toContain('db:restore');
  });

  it('restores into a fresh database: the same films, revisions and every other row', async () => {
    const run = await runNode(['scripts/db-restore.mjs', file], { DATABASE_URL: target.url });
    expect(run.code, run.stderr).toBe(0);
    const before = await filmsAndRevisions(source.url);
    expect(before.films.length).toBeGreaterThanOrEqual(2);
    expect(before.revisions.length).toBeGreaterThanOrEqual(3);
    expect(await filmsAndRevisions(target.url)).toEqual(before);
    expect(await checksums(target.url)).toEqual(await checksums(source.url));
  });

  it('refuses to restore over a database with tables, unless --clean', async () => {
    const refused = await runNode(['scripts/db-restore.mjs', file], { DATABASE_URL: target.url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has tables/);

    await withClient(target.url, (client) => client.query(`UPDATE "Film" SET title = 'changed after the backup'`));
    const cleaned = await runNode(['scripts/db-restore.mjs', file, '--clean'], { DATABASE_URL: target.url });
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(await checksums(target.url)).toEqual(await checksums(source.url));
  });

  it('fails clearly without DATABASE_URL or with a missing file', async () => {
    const noUrl = await runNode(['scripts/db-backup.mjs', '--file', file], { DATABASE_URL: '' });
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toMatch(/DATABASE_URL is not set/);
    const missing = await runNode(['scripts/db-restore.mjs', path.join(dir, 'nope.dump')], { DATABASE_URL: target.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/does not exist/);
  });
});
