/**
 * Helpers for the operations tests (scripts/ops/*.int.test.ts, lib/cache, lib/db): child
 * processes, throwaway databases, a TCP proxy to cut a connection at will, Redis key cleanup.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { createFreshDatabase, dropDatabase, randomDatabaseName, withClient, withDatabase } from '../lib/database.mjs';
import { REPO_ROOT } from '../lib/paths.mjs';

export { REPO_ROOT };
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
  buildInputsHash(): string | null;
  runOrThrow(command: string, args: string[], options?: { env?: Env; cwd?: string; stdio?: StdioOptions }): Promise<void>;
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

/**
 * Run a TypeScript script against a database, up to `attempts` times: on a loaded machine the
 * domain's interactive transactions (5 s timeout) can expire. The scripts used this way are idempotent.
 */
export async function runScript(script: string, env: Env, attempts = 4): Promise<Run> {
  let result = await runNode(tsx(script), env);
  for (let attempt = 2; result.code !== 0 && attempt <= attempts; attempt++) result = await runNode(tsx(script), env);
  return result;
}

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

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | false | null | undefined>,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${last instanceof Error ? last.message : last})` : ''}`);
}

/**
 * A TCP proxy on a free local port to `target`: close() refuses new connections and cuts the
 * open ones (the service looks down), open() listens again on the same port (it is back).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { port, close, open: () => listen(port).then(() => undefined), stop: close };
}

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
