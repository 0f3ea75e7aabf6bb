// Integration test for the offline Prisma setup (scripts/prisma.mjs + the wasm
// schema-engine shim) against a real PostgreSQL: creates a throwaway database
// from TEST_DATABASE_ADMIN_URL, runs the wrapper like the package scripts do,
// and drops the database afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const wrapper = path.resolve(here, '../prisma.mjs');
const fixtures = path.join(here, 'fixtures');
const config = path.join(fixtures, 'prisma.config.ts');

// Set by the integration project's globalSetup (scripts/test/vitest-database.ts).
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL!;
const dbName = `prisma_shim_test_${randomBytes(4).toString('hex')}`;
const dbUrl = withDatabase(adminUrl, dbName);

const TIMEOUT = 120_000; // each CLI run takes a few seconds (wasm start-up + shadow database)

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

type Run = { code: number | null; stdout: string; stderr: string; output: string };

/** `node scripts/prisma.mjs <args> --config <fixture config>` with DATABASE_URL set. */
function prisma(args: string[], databaseUrl = dbUrl): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wrapper, ...args, '--config', config], {
      cwd: fixtures,
      env: { ...process.env, DATABASE_URL: databaseUrl, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` }));
  });
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('prisma CLI with the wasm schema engine shim', () => {
  beforeAll(() => withAdmin((c) => c.query(`CREATE DATABASE "${dbName}"`)), TIMEOUT);
  afterAll(() => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)), TIMEOUT);

  it(
    'migrate deploy applies the fixture migration to an empty database',
    async () => {
      const run = await prisma(['migrate', 'deploy']);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('All migrations have been successfully applied');

      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      try {
        const { rows } = await db.query<{ film: string | null; migrations: string }>(
          `SELECT to_regclass('public."Film"')::text AS film,
                  (SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL)::text AS migrations`,
        );
        expect(rows[0]).toEqual({ film: '"Film"', migrations: '1' });
        // The plpgsql body's own semicolons did not split the script: its trigger runs.
        const { rows: films } = await db.query<{ id: number }>(`INSERT INTO "Film" (slug, title) VALUES ('x', 'x') RETURNING id`);
        const { rows: credits } = await db.query<{ person: string }>(
          `INSERT INTO "Credit" ("filmId", person) VALUES ($1, '  Ada  ') RETURNING person`,
          [films[0]!.id],
        );
        expect(credits[0]!.person).toBe('Ada');
      } finally {
        await db.end();
      }
    },
    TIMEOUT,
  );

  it(
    'migrate status reports the database as up to date',
    async () => {
      const run = await prisma(['migrate', 'status']);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('Database schema is up to date');
    },
    TIMEOUT,
  );

  // --from-config-datasource reads the live database; --from-migrations replays
  // the migrations into a temporary shadow database.
  it.each([['--from-config-datasource'], ['--from-migrations', 'migrations']])(
    'migrate diff %s --to-schema --exit-code reports no drift',
    async (...from) => {
      const run = await prisma(['migrate', 'diff', ...from, '--to-schema', 'schema.prisma', '--exit-code']);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('No difference detected');
    },
    TIMEOUT,
  );

  it(
    'an unreachable database fails with a clear P1001 error',
    async () => {
      const unreachable = new URL(dbUrl);
      unreachable.hostname = '127.0.0.1';
      unreachable.port = '1'; // nothing listens there
      const run = await prisma(['migrate', 'deploy'], unreachable.toString());
      expect(run.code).not.toBe(0);
      expect(run.output).toContain('P1001');
      expect(run.output).toContain("Can't reach database server at `127.0.0.1:1`");
    },
    TIMEOUT,
  );
});
