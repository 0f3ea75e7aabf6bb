/**
 * A Redis that is connected but silent (its process stopped with SIGSTOP: the connection stays up,
 * no command is answered) behind the production server: reader pages keep answering, the one
 * circuit breaker (lib/cache/redis-breaker.mjs) opens instead of every request waiting out its
 * Redis timeouts, pages this instance did not change are served from its front cache, a publish on
 * this instance shows on the next request, and when Redis answers again the breaker closes and the
 * invalidation made meanwhile is written to Redis.
 *
 * Its own redis-server on a port of its own (stopping the shared one would stop everyone's), the
 * production standalone build (scripts/lib/build.mjs, the one `npm run bench` uses), a fresh
 * database with the demo content. The breaker is seen through GET /api/v1/editor/cache-stats, not
 * through timings.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { demoDatabase } from '../../test-support/demo-database';
import { editorApi } from '../../test-support/editor-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../lib/database.mjs';
import { startTestRedis, type TestRedis } from '../../test-support/redis-server';
import { startStandaloneServer } from '../lib/build.mjs';
import { ensureOpsBuild } from './ops-build';
import { testPrefix, waitFor, type TestDatabase } from './support';
import { PROGRAMS, requirePrograms } from '../../test-support/required-programs.mjs';

requirePrograms('the Redis stall test', [PROGRAMS.redisServer]);

const FILM = 'kiss-and-cry';
const SLOW = { timeout: 240_000 };
/** Ports to try first for its redis-server and the server (REDIS_STALL_PORT and the next one), else free ones. */
const PREFERRED_PORT = Number(process.env.REDIS_STALL_PORT) || undefined;

let database: TestDatabase;
let token: string;
let logDir: string;
let redisServer: TestRedis | undefined;
let redisUrl: string;
let server: { url: string; stop: () => Promise<unknown> } | undefined;

type Stats = {
  caches: Array<{ name: string; entries: number; hits: number }>;
  redisBreaker: { state: 'open' | 'closed'; opened: number; shortCircuited: number };
};

async function get(pathname: string) {
  const response = await fetch(`${server!.url}${pathname}`, { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  const text = await response.text();
  return { status: response.status, text, frontCache: response.headers.get('x-front-cache') };
}

const api = (method: string, pathname: string, body?: unknown) =>
  editorApi(server!.url, token, { timeoutMs: 60_000 }).ok(method, pathname, body);

const stats = async () => (await api('GET', '/api/v1/editor/cache-stats')) as Stats;

const READER_PAGES = [
  `/films/${FILM}`,
  `/films/${FILM}?spoilers=full`,
  '/',
  '/people/sarah-bramms',
  `/films/${FILM}/quiz`,
  '/search?q=skating',
];

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-redis-stall-'));
  const build = await ensureOpsBuild();

  redisServer = await startTestRedis(PREFERRED_PORT);
  redisUrl = redisServer.url;

  ({ database, token } = await demoDatabase('redisstall', { tokenName: 'redis stall test' }));

  const log = fs.openSync(path.join(logDir, 'server.log'), 'w');
  server = await startStandaloneServer({
    serverJs: build.serverJs,
    port: await findFreePort(PREFERRED_PORT && PREFERRED_PORT + 1),
    env: {
      DATABASE_URL: database.url,
      DATABASE_REPLICA_URLS: '',
      AUTH_SECRET: randomBytes(48).toString('base64url'),
      REDIS_URL: redisUrl,
      CACHE_KEY_PREFIX: testPrefix('stall'),
      LOG_LEVEL: 'info',
      JOB_RUNNER: 'off',
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
}, 30 * 60_000);

afterAll(async () => {
  redisServer?.resume();
  await server?.stop();
  await redisServer?.stop();
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe('a stalled Redis (SIGSTOP) behind the production server', SLOW, () => {
  it('opens the circuit breaker: reader pages keep answering, a publish here shows, and Redis gets the invalidation when it answers again', async () => {
    // Cached before the stall: each asked twice (the second answer is the page cache's, then the front cache's).
    for (const pathname of READER_PAGES) {
      expect((await get(pathname)).status, pathname).toBe(200);
      expect((await get(pathname)).status, pathname).toBe(200);
    }
    expect((await get(`/films/${FILM}`)).frontCache).toBe('HIT');
    const before = await stats();
    expect(before.redisBreaker.state).toBe('closed');

    redisServer!.pause();
    try {
      for (let round = 0; round < 3; round += 1)
        for (const pathname of READER_PAGES) expect((await get(pathname)).status, `${pathname} while Redis is stopped`).toBeLessThan(500);
      const during = await stats();
      expect(during.redisBreaker.opened).toBeGreaterThan(before.redisBreaker.opened);
      expect(during.redisBreaker.shortCircuited).toBeGreaterThan(0);
      // What this instance cached is still served, from its own record of invalidations.
      expect((await get(`/films/${FILM}`)).frontCache).toBe('HIT');

      // A publish on this instance while Redis is silent: the next request shows it, never the cached page.
      const title = `Published during the stall ${randomBytes(4).toString('hex')}`;
      await editorApi(server!.url, token).publishTitle(FILM, title, 'redis stall test');
      for (const pathname of [`/films/${FILM}`, `/films/${FILM}?spoilers=full`, '/']) {
        const page = await get(pathname);
        expect(page.status, pathname).toBe(200);
        expect(page.text.includes(title), `${pathname} after the publish`).toBe(true);
      }

      redisServer!.resume();
      // Redis answers a probe again: the breaker closes and the invalidation is written there.
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        await waitFor(
          'the breaker to close and the invalidation to reach Redis',
          async () => {
            await get(`/films/${FILM}`);
            const now = await stats();
            const keys = await redis.keys('*:validity');
            const written = keys.length > 0 && (await redis.hget(keys[0], `t:film:${FILM}`)) !== null;
            return now.redisBreaker.state === 'closed' && written;
          },
          60_000,
          500,
        );
      } finally {
        redis.disconnect();
      }
      for (const pathname of [`/films/${FILM}`, '/']) {
        const page = await get(pathname);
        expect(page.status, pathname).toBe(200);
        expect(page.text.includes(title), `${pathname} after Redis is back`).toBe(true);
      }
    } finally {
      redisServer!.resume();
    }
  });
});
