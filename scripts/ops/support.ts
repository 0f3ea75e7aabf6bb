/**
 * Helpers for the operations tests (scripts/ops/*.int.test.ts, lib/cache, lib/db): child
 * processes, throwaway databases, Redis key cleanup; the TCP proxy is test-support/tcp-proxy.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { createFreshDatabase, dropDatabase, randomDatabaseName, withClient, withDatabase } from '../lib/database.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';
import { REDIS_TEST_URL } from '../../test-support/required-programs.mjs';
import { waitFor } from '../lib/wait-for.mjs';

export { REPO_ROOT };
export { REDIS_TEST_URL };

/** Environment additions for a child process (empty string = unset for the app). */
export type Env = Record<string, string | undefined>;

/** What BASE_ENV of scripts/lib/build.mjs sets for every child. */
export const BASE_ENV: Env = { NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' };

/**
 * The parts of scripts/lib/build.mjs these tests use. It is loaded at run time only: its JSDoc
 * types don't check under this project's tsconfig (Next's ProcessEnv), and importing it statically
 * would pull it into `tsc`.
 */
export type BuildModule = {
  ensureImageBuild(): Promise<{ standalone: string; serverJs: string; distDir: string; serverActionsKey: string; built: boolean }>;
  waitForHttp(url: string, options?: { timeoutMs?: number; child?: ChildProcess }): Promise<void>;
  stopChild(child: ChildProcess, graceMs?: number): Promise<void>;
};
export const buildModule = async (): Promise<BuildModule> => import(pathToFileURL(path.join(REPO_ROOT, 'scripts/lib/build.mjs')).href);

export type Run = { code: number; stdout: string; stderr: string };

/** Run `node args…` in the repository to completion, capturing its output. */
export function runNode(args: string[], env: Env = {}, timeoutMs = 300_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...BASE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

/** tsx with the react-server condition (how the repository's TypeScript scripts run). */
export const tsx = (script: string) => [
  path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'),
  '--conditions=react-server',
  path.join(REPO_ROOT, script),
];

/** Run a TypeScript script (tsx) in the repository against a database, once. */
export const runScript = (script: string, env: Env): Promise<Run> => runNode(tsx(script), env);

/** The server `npm test` runs the tests on: for databases of a test's own. */
export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url)
    throw new Error("TEST_DATABASE_ADMIN_URL is not set: the integration project's globalSetup sets it (scripts/test/vitest-database.ts)");
  return url;
}

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A new database on `server` (default: the test server), migrated unless `migrated: false`. */
export async function freshDatabase(label: string, { server = adminUrl(), migrated = true } = {}): Promise<TestDatabase> {
  const name = randomDatabaseName(label);
  const url = await createFreshDatabase(server, name);
  const drop = () => dropDatabase(server, name).catch(() => {});
  if (migrated) {
    // The command the compose `migrate` service (the image's migrate target) runs.
    const run = await runNode(['scripts/prisma.mjs', 'migrate', 'deploy'], { DATABASE_URL: url });
    if (run.code !== 0) {
      await drop();
      throw new Error(`prisma migrate deploy failed: ${run.stderr.slice(-2000)}`);
    }
  }
  return { name, url, drop };
}

/** A copy of `source` (CREATE DATABASE … TEMPLATE: quicker than migrating again); nobody may be connected to it. */
export async function cloneDatabase(source: TestDatabase, label: string, server = adminUrl()): Promise<TestDatabase> {
  const name = randomDatabaseName(label);
  await withClient(server, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(source.name)}`),
  );
  return { name, url: withDatabase(server, name), drop: () => dropDatabase(server, name).catch(() => {}) };
}

export { waitFor };

export { startTcpProxy } from '../../test-support/tcp-proxy';

/** A key prefix of this test run's own in the shared Redis (so runs never collide). */
export const testPrefix = (label: string) => `test-${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/** Delete every key under `prefix` (end of a test). */
export async function deleteRedisKeys(prefix: string, url = REDIS_TEST_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export const hostPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 6379) };
};
