/**
 * Cache validity that cannot go backwards (lib/cache/tag-versions.mjs): two production instances
 * share a Redis of the test's own, kept in memory only as the shipped compose runs it. Whatever
 * that Redis loses (a restart that comes back empty, FLUSHALL, the validity record deleted as an
 * eviction would), a takedown and a publish made after it are what both instances answer on their
 * next request, though both had the film page in their front caches. And an invalidation made
 * while Redis was silent reaches the other instance once Redis answers, with no further request
 * to the instance that made it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoDatabase } from '../../test-support/demo-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorApi } from '../../test-support/editor-api';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { startTestRedis, type TestRedis } from '../../test-support/redis-server';
import { ensureOpsBuild } from './ops-build';
import { testPrefix, waitFor, type TestDatabase } from './support';

const FILM = 'kiss-and-cry';
const PAGE = `/films/${FILM}`;
const SLOW = { timeout: 240_000 };

let redis: TestRedis;
let database: TestDatabase;
let token: string;
let logDir: string;
let prefix: string;
let a: ProductionServer;
let b: ProductionServer;

async function get(instance: ProductionServer, pathname: string) {
  const response = await fetch(`${instance.url}${pathname}`, { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  return { status: response.status, text: await response.text(), frontCache: response.headers.get('x-front-cache') };
}

const api = (instance: ProductionServer, method: string, pathname: string, body?: unknown) =>
  editorApi(instance.url, token, { timeoutMs: 60_000 }).ok(method, pathname, body);

/** Saves and publishes the demo film with a new title through `instance`; the title. */
async function publishNewTitle(instance: ProductionServer): Promise<string> {
  const title = `Kiss and Cry ${randomBytes(4).toString('hex')}`;
  await editorApi(instance.url, token, { timeoutMs: 60_000 }).publishTitle(FILM, title, 'redis loss test');
  return title;
}

/** Until both instances answer the film page from their front caches, with `title`. */
async function cachedOnBoth(title: string) {
  for (const instance of [a, b])
    await waitFor(
      `${instance.name} to serve ${PAGE} from its front cache`,
      async () => {
        const page = await get(instance, PAGE);
        expect(page.text.includes(title), `${instance.name} serves the current title`).toBe(true);
        return page.frontCache === 'HIT';
      },
      60_000,
      200,
    );
}

/** Until both instances are connected to the Redis now running (after a restart, they reconnect). */
const connectedBoth = () =>
  waitFor('both instances to be connected to Redis', async () => (await redis.connectionsNamed('film-cms-cache')) >= 2, 30_000, 100);

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-redis-loss-'));
  const build = await ensureOpsBuild();
  redis = await startTestRedis();
  ({ database, token } = await demoDatabase('redisloss', { tokenName: 'redis loss test' }));
  prefix = testPrefix('loss');
  const env = {
    DATABASE_URL: database.url,
    DATABASE_REPLICA_URLS: '',
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    REDIS_URL: redis.url,
    CACHE_KEY_PREFIX: prefix,
    JOB_RUNNER: 'off',
  };
  [a, b] = await Promise.all([
    startProductionServer({ build, logDir, name: 'a', env }),
    startProductionServer({ build, logDir, name: 'b', env }),
  ]);
}, 30 * 60_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => stopProductionServer(instance)));
  await redis?.stop();
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

const LOSSES: Array<[string, () => Promise<unknown>]> = [
  ['restarted empty (no persistence, as shipped)', () => redis.restartEmpty()],
  ['flushed (FLUSHALL)', () => redis.client().flushall()],
  ['missing the validity record (deleted, as an eviction would)', () => redis.client().del(`${prefix}:validity`)],
];

describe('two instances sharing a Redis that loses what it holds', SLOW, () => {
  for (const [loss, lose] of LOSSES)
    it(`Redis ${loss}: a takedown and the publish after it show on both instances' next request`, async () => {
      const title = await publishNewTitle(a);
      await cachedOnBoth(title);

      await lose();
      await connectedBoth();
      // Reads between the steps: nothing changed yet, so the page is still there on both.
      for (const instance of [a, b]) expect((await get(instance, PAGE)).status, `${instance.name} after the loss`).toBe(200);

      await api(a, 'POST', `/api/v1/editor/films/${FILM}/unpublish`);
      for (const instance of [b, a]) expect((await get(instance, PAGE)).status, `${instance.name} after the takedown`).toBe(404);

      const next = await publishNewTitle(b);
      for (const instance of [a, b]) {
        const page = await get(instance, PAGE);
        expect(page.status, `${instance.name} after the publish`).toBe(200);
        expect(page.text.includes(next), `${instance.name} shows the published title`).toBe(true);
      }
    });

  it('an invalidation made while Redis was silent reaches the other instance with no further request to the one that made it', async () => {
    const title = await publishNewTitle(a);
    await cachedOnBoth(title);
    const redisClient = redis.client();
    const before = Number(await redisClient.hget(`${prefix}:validity`, `t:film:${FILM}`));

    redis.pause();
    let next: string;
    try {
      // Both instances find Redis silent (their circuit breakers open) and go on serving.
      for (const instance of [a, b]) expect((await get(instance, PAGE)).status, `${instance.name} during the pause`).toBe(200);
      next = await publishNewTitle(a);
      expect((await get(a, PAGE)).text.includes(next), 'a shows its own publish at once').toBe(true);
    } finally {
      redis.resume();
    }

    // From here on, nothing asks instance a anything.
    await waitFor(
      "a's invalidation to be written to Redis",
      async () => Number(await redisClient.hget(`${prefix}:validity`, `t:film:${FILM}`)) > before,
      30_000,
      100,
    );
    const stats = async () => (await api(b, 'GET', '/api/v1/editor/cache-stats')) as { redisBreaker: { state: string } };
    await waitFor("b's circuit breaker to close", async () => (await stats()).redisBreaker.state === 'closed', 30_000, 100);
    const page = await get(b, PAGE);
    expect(page.status).toBe(200);
    expect(page.text.includes(next), 'b shows the publish made on a while Redis was silent').toBe(true);
  });
});
