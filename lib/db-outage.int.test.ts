/**
 * A database outage, for real: a throwaway PostgreSQL (the embedded binaries) stopped the ways an
 * operator or a crash stops it — `pg_ctl stop -m fast` (SIGINT) and `-m immediate` (SIGQUIT) under
 * queries in flight, then nothing listening — and the Prisma client the app uses (pg driver
 * adapter). Every error it throws, raw queries, writes and transactions alike, must read as
 * "database unavailable" (a 503 with Retry-After), never as a bug (a 500). Then the server comes
 * back and the same client recovers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from './db';
import { isDatabaseUnavailable } from './db-errors';
import { ServiceUnavailableError, toDomainError } from './errors';
import { startEmbeddedPostgres } from '@/scripts/lib/embedded-postgres.mjs';

type Server = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

// mkdtemp makes a private folder; the server may run as another OS user (as root: `postgres`).
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-pg-'));
fs.chmodSync(root, 0o755);
const dataDir = path.join(root, 'data');
let server: Server;
let port = 0;

async function start() {
  server = await startEmbeddedPostgres({ dataDir, persistent: true, fast: true, ...(port ? { port } : {}) });
  port = server.port;
}

/** Stops the postmaster with the signal pg_ctl sends for the mode, and waits until it is gone. */
async function stop(signal: 'SIGINT' | 'SIGQUIT') {
  const pid = server.pid!;
  process.kill(pid, signal);
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`postgres ${pid} did not stop`);
}

beforeAll(async () => {
  await start();
  const client = createDbClient(server.adminUrl);
  await client.$executeRawUnsafe('CREATE TABLE IF NOT EXISTS outage_probe (id serial PRIMARY KEY, note text)');
  await client.$disconnect();
}, 180_000);

afterAll(async () => {
  await server?.stop().catch(() => {});
  fs.rmSync(root, { recursive: true, force: true });
});

/** Whatever the client may be asked during an outage; each settles with its error or null. */
function workload(client: ReturnType<typeof createDbClient>): Promise<unknown>[] {
  return [
    client.$queryRaw`SELECT pg_sleep(3)`,
    client.$queryRawUnsafe('SELECT 1'),
    client.$executeRawUnsafe("INSERT INTO outage_probe (note) VALUES ('x')"),
    client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO outage_probe (note) VALUES ('tx')");
      await tx.$queryRaw`SELECT pg_sleep(3)`;
    }),
  ].map((call) =>
    Promise.resolve(call).then(
      () => null,
      (error: unknown) => error,
    ),
  );
}

function unrecognised(errors: unknown[]) {
  return errors
    .filter((error) => error !== null && !(isDatabaseUnavailable(error) && toDomainError(error) instanceof ServiceUnavailableError))
    .map((error) => String((error as Error)?.message ?? error).slice(0, 300));
}

describe('a stopped database is "unavailable" (503), never a bug (500)', () => {
  for (const [mode, signal] of [
    ['fast', 'SIGINT'],
    ['immediate', 'SIGQUIT'],
  ] as const) {
    it(`stop -m ${mode} under queries in flight, then nothing listening; the client recovers after a restart`, async () => {
      const client = createDbClient(server.adminUrl);
      await client.$queryRawUnsafe('SELECT 1');
      const inFlight = workload(client);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await stop(signal);
      const during = await Promise.all(inFlight);
      // Nothing listens now: the pool must open new connections and cannot.
      const after = await Promise.all([...workload(client), ...workload(client)]);
      const errors = [...during, ...after].filter((error) => error !== null);
      expect(errors.length).toBeGreaterThan(4);
      expect(unrecognised(errors)).toEqual([]);

      await start();
      await expect(client.$queryRawUnsafe('SELECT 1')).resolves.toBeDefined();
      await client.$disconnect();
    });
  }
});

describe('a database too busy to answer in time is "unavailable" (503), never a bug (500)', () => {
  it('a transaction that outlives its timeout, and one that cannot start within its maxWait', async () => {
    const client = createDbClient(server.adminUrl);
    try {
      const expired = await client
        .$transaction(
          async (tx) => {
            await tx.$queryRaw`SELECT pg_sleep(0.4)::text`;
            await tx.$queryRaw`SELECT 1`;
          },
          { timeout: 100 },
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
      // Every pooled connection held: the next transaction waits for one, up to its maxWait.
      const holding = Array.from({ length: 12 }, () =>
        client.$transaction(async (tx) => void (await tx.$queryRaw`SELECT pg_sleep(0.5)::text`), { timeout: 5_000 }),
      );
      const waited = await client
        .$transaction(async (tx) => tx.$queryRaw`SELECT 1`, { maxWait: 20 })
        .then(
          () => null,
          (error: unknown) => error,
        );
      await Promise.allSettled(holding);
      for (const error of [expired, waited]) {
        expect(error, 'the database was not busy enough to refuse').not.toBeNull();
        expect(isDatabaseUnavailable(error)).toBe(true);
        expect(toDomainError(error)).toBeInstanceOf(ServiceUnavailableError);
      }
    } finally {
      await client.$disconnect();
    }
  });
});
