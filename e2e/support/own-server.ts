import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, seedDemo, startStandaloneServer } from '../../scripts/lib/build.mjs';
import { createFreshDatabase, dropDatabase, findFreePort, randomDatabaseName, withClient } from '../../scripts/lib/database.mjs';

/** The server.js of the build the suite's server runs (playwright.config.ts), for servers of a test's own. */
export const OWN_SERVER_JS = path.join(process.env.E2E_DIST_DIR!, 'standalone', 'server.js');

/**
 * For tests that kill a production server: their own database (on DATABASE_URL's server, with the
 * demo content) and standalone servers started and killed as the test says.
 */
export async function ownDatabase(prefix: string) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server the test may create a database on');
  const name = randomDatabaseName(prefix);
  const url = await createFreshDatabase(adminUrl, name);
  const media = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-media-`));
  const appEnv = {
    DATABASE_URL: url,
    AUTH_SECRET: 'k'.repeat(48),
    CMS_DEMO_MODE: '1',
    DEMO_PASSWORD: 'demo-password',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: media,
  };
  await migrate(url, { quiet: true });
  return {
    url,
    appEnv,
    seed: (env: Record<string, string> = {}) => seedDemo(url, { ...appEnv, ...env }),
    query: <T>(sql: string, values: unknown[] = []) => withClient(url, async (client) => (await client.query(sql, values)).rows as T[]),
    media,
    drop: async () => {
      fs.rmSync(media, { recursive: true, force: true });
      await dropDatabase(adminUrl, name);
    },
  };
}

let started = 0;
/** On a port next to E2E_PORT (each worker its own ten) when it is free, else any free one. */
export async function freePortNearE2E() {
  const base = Number(process.env.E2E_PORT);
  if (!base) return findFreePort();
  return findFreePort(base + 1 + Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 10 + (started++ % 10));
}

export async function startServer(env: Record<string, string>) {
  return startStandaloneServer({ port: await freePortNearE2E(), serverJs: OWN_SERVER_JS, env, stdio: 'ignore' });
}

/** kill -9, and wait until the process is gone. */
export async function killHard(child: import('node:child_process').ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid!, 'SIGKILL');
  await gone;
}
