/**
 * `npm run seed:demo` and `npm run seed:bulk`, run as the real commands (child processes) with
 * REDIS_URL set, on a fresh database: each must exit by itself once its work is done, with code 0.
 * With REDIS_URL a seed opens Redis connections (the page cache's invalidations, the upload rate
 * limit); one left open keeps the process alive for ever after its last line.
 *
 * A command still running after HANG_AFTER_MS is killed (its whole process group: npm, the shell,
 * tsx) and the test fails saying it did not exit. The bound only tells a hang from a finished run:
 * it is generous on purpose and says nothing about how fast a seed should be.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_ENV,
  REDIS_TEST_URL,
  REPO_ROOT,
  deleteRedisKeys,
  freshDatabase,
  testPrefix,
  type Env,
  type TestDatabase,
} from './ops/support';

const HANG_AFTER_MS = 120_000;

type Outcome = { code: number | null; signal: NodeJS.Signals | null; hung: boolean; output: string };

/** `npm run <script> [-- args]` in the repository, killed (and reported hung) past HANG_AFTER_MS. */
function npmRun(script: string, args: string[], env: Env): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...BASE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so a hung run is killed with everything it started.
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, HANG_AFTER_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, hung, output });
    });
  });
}

function expectExited(what: string, outcome: Outcome) {
  expect(
    outcome.hung,
    `${what} did not exit within ${HANG_AFTER_MS / 1000} s (a connection left open?); killed. Its output:\n${outcome.output.slice(-3000)}`,
  ).toBe(false);
  expect(outcome.code, `${what} exited with ${outcome.code ?? outcome.signal}:\n${outcome.output.slice(-3000)}`).toBe(0);
}

/** The keys under `prefix` in the test Redis. */
async function keysUnder(prefix: string): Promise<string[]> {
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return await redis.keys(`${prefix}:*`);
  } finally {
    redis.disconnect();
  }
}

let database: TestDatabase;
let mediaDir: string;
const prefix = testPrefix('seed-exit');

const seedEnv = (): Env => ({
  DATABASE_URL: database.url,
  REDIS_URL: REDIS_TEST_URL,
  CACHE_KEY_PREFIX: prefix,
  MEDIA_DIR: mediaDir,
  DEMO_PASSWORD: `demo-${randomBytes(6).toString('hex')}`,
  LOG_LEVEL: 'warn',
});

beforeAll(async () => {
  database = await freshDatabase('seedexit');
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-seed-exit-'));
});

afterAll(async () => {
  await database?.drop();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  await deleteRedisKeys(prefix);
});

describe('the seed commands with REDIS_URL set', () => {
  it(
    'npm run seed:demo publishes the demo film, invalidating through Redis, and exits by itself with 0',
    async () => {
      const outcome = await npmRun('seed:demo', [], seedEnv());
      expectExited('npm run seed:demo', outcome);
      expect(outcome.output).toMatch(/demo film kiss-and-cry: published/u);
      // The run did use Redis: its publish wrote the invalidation versions under the prefix.
      expect(await keysUnder(prefix)).not.toEqual([]);
    },
    HANG_AFTER_MS + 60_000,
  );

  it(
    'npm run seed:bulk -- --films 3 publishes three films and exits by itself with 0',
    async () => {
      const outcome = await npmRun('seed:bulk', ['--films', '3'], seedEnv());
      expectExited('npm run seed:bulk', outcome);
      expect(outcome.output).toMatch(/3 films created and published, 0 already there/u);
    },
    HANG_AFTER_MS + 60_000,
  );
});
