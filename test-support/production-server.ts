/**
 * The production server as the operations tests run it: the image's command (`node serve.mjs`,
 * server.js given by path) from the ops build (scripts/ops/ops-build.ts), on a port of its own,
 * its output in a log file, ready once /api/health answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../scripts/lib/database.mjs';
import { BASE_ENV, REDIS_TEST_URL, REPO_ROOT, buildModule, type Env } from '../scripts/ops/support';
import type { OpsBuild } from '../scripts/ops/ops-build';
import { afterEach } from 'vitest';
import { programNamed, requirePrograms } from './required-programs.mjs';

export const SERVE = path.join(REPO_ROOT, 'server', 'serve.mjs');

export type ProductionServer = {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
};

export type ServerOptions = {
  build: OpsBuild;
  logDir: string;
  name: string;
  /** On top of process.env, NODE_ENV=production, HOSTNAME, PORT and LOG_LEVEL=info. */
  env?: Env;
  port?: number;
  /** Where the server listens (default 127.0.0.1) and where the test connects (default the same). */
  hostname?: string;
  host?: string;
  /** Node options before serve.mjs (e.g. --import a probe). */
  nodeArgs?: string[];
  /** A command the server runs under (e.g. ['faketime', '-f', '+5s']). */
  wrapper?: string[];
  /** The Node binary (default: this process's; test-support/production-node.ts gives the image's). */
  node?: string;
};

/**
 * The environment of one of several instances sharing a database (and its replicas) and the test
 * Redis under a key prefix of the test's own: quiet logs, no job runner.
 */
export function sharedInstanceEnv({
  databaseUrl,
  replicaUrls = '',
  authSecret,
  prefix,
}: {
  databaseUrl: string;
  replicaUrls?: string;
  authSecret: string;
  prefix: string;
}): Env {
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_REPLICA_URLS: replicaUrls,
    AUTH_SECRET: authSecret,
    REDIS_URL: REDIS_TEST_URL,
    CACHE_KEY_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    JOB_RUNNER: 'off',
  };
}

const running = new Set<ChildProcess>();
const started: ProductionServer[] = [];

/**
 * After a failed test of the calling file, prints the end of every server's log it started: an
 * answer of 500 says nothing by itself, and the test's afterAll deletes the logs.
 */
export function printServerLogsOnFailure(lines = 40): void {
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const server of started) {
      const log = fs.existsSync(server.logFile) ? fs.readFileSync(server.logFile, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)';
      console.error(`--- ${server.name} (${server.url}), the last ${lines} lines of its log:\n${log}`);
    }
  });
}
// A test that fails or times out before its afterAll saw the server must not leave it listening
// after the suite: the IPC channel below ends the server when this process goes (serve.mjs shuts
// down on 'disconnect', even after a SIGKILL here), and a normal exit stops what is still running.
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the server and waits until it answers; a failure to start says why, with the log's end. */
export async function startProductionServer(options: ServerOptions): Promise<ProductionServer> {
  const { build, logDir, name, env = {}, hostname = '127.0.0.1', nodeArgs = [], wrapper = [], node = process.execPath } = options;
  // A missing wrapper (faketime) made the server "exit with code -2": say which program is missing.
  if (wrapper.length > 0) requirePrograms(`${name}'s wrapper`, [programNamed(wrapper[0])]);
  const { waitForHttp } = await buildModule();
  const port = options.port ?? (await findFreePort());
  const host = options.host ?? hostname;
  const logFile = path.join(logDir, `${name}-${port}.log`);
  const log = fs.openSync(logFile, 'w');
  const command = [node, ...nodeArgs, SERVE, build.serverJs];
  const [file, ...args] = [...wrapper, ...command];
  const child = spawn(file, args, {
    cwd: build.standalone,
    env: { ...process.env, ...BASE_ENV, NODE_ENV: 'production', HOSTNAME: hostname, PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', log, log, 'ipc'],
  });
  fs.closeSync(log);
  running.add(child);
  child.once('exit', () => running.delete(child));
  // The channel only ties the server's life to this process; nothing is sent on it.
  child.channel?.unref();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, { child, timeoutMs: 120_000 });
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(
      `${name} did not start: ${error instanceof Error ? error.message : error}\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`,
    );
  }
  const server = { name, url, port, child, logFile, exited };
  started.push(server);
  return server;
}

/** Stops it (SIGTERM, then SIGKILL after `graceMs`) and waits for it to exit. */
export async function stopProductionServer(server: Pick<ProductionServer, 'child'>, graceMs = 10_000): Promise<void> {
  const { stopChild } = await buildModule();
  await stopChild(server.child, graceMs);
}
