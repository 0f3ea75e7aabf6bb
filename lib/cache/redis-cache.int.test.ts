/**
 * The cache handler (lib/cache) against the Redis on this machine, under a key prefix of
 * this run's own: entries survive the trip through Redis (Buffers, Maps), an invalidation
 * by one handler is seen by another, entries of another build are not served, Redis going away
 * means misses (and invalidations made meanwhile are written when it is back), and without
 * REDIS_URL the entries stay in the process's memory.
 *
 * Both "instances" here share one process and connection; scripts/ops/multi-instance.int.test.ts
 * runs two real servers, scripts/ops/page-cache.int.test.ts one without Redis.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDIS_TEST_URL, deleteRedisKeys, hostPort, startTcpProxy, testPrefix, waitFor } from '../../scripts/ops/support';

type Store = typeof import('./redis-store.mjs');
type Versions = typeof import('./tag-versions.mjs');
type IncrementalHandler = typeof import('./incremental-cache-handler.mjs').default;

const prefixes: string[] = [];
let store: Store;
let versions: Versions;
let Handler: IncrementalHandler;
const distDirs: string[] = [];

/** A fresh copy of the modules, for the environment of this test. */
async function load(env: Record<string, string | undefined>) {
  await store?.closeCacheConnection();
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  store = await import('./redis-store.mjs');
  versions = await import('./tag-versions.mjs');
  Handler = (await import('./incremental-cache-handler.mjs')).default;
}

/** A build folder with a BUILD_ID, as the handler finds it next to `server/`. */
function serverDistDir(buildId: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-cache-'));
  distDirs.push(dir);
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'BUILD_ID'), buildId);
  return path.join(dir, 'server');
}

const handler = (buildId = 'build-1') => new Handler({ serverDistDir: serverDistDir(buildId) } as never);

const page = (html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from([0, 1, 2, 250, 255]),
  headers: { 'x-next-cache-tags': 'films,film:kiss' },
  status: 200,
  postponed: undefined,
  segmentData: new Map([['/_tree', Buffer.from('segment')]]),
});

const pageKey = '/route-cache/APP_PAGE/0123/$/films/kiss/level/none';
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(async () => {
  const prefix = testPrefix('cache');
  prefixes.push(prefix);
  await load({ REDIS_URL: REDIS_TEST_URL, CACHE_KEY_PREFIX: prefix, NEXT_PHASE: undefined });
});

afterEach(async () => {
  await store?.closeCacheConnection();
});

afterAll(async () => {
  for (const prefix of prefixes) await deleteRedisKeys(prefix).catch(() => {});
  for (const dir of distDirs) fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.REDIS_URL;
  delete process.env.CACHE_KEY_PREFIX;
});

describe('page and data cache (cacheHandler)', () => {
  it('serves what another handler stored, binary data and maps intact, with its cache control', async () => {
    await handler().set(pageKey, page('<p>one</p>') as never, { cacheControl: { revalidate: false, expire: 3600 } } as never);
    const hit = await handler().get(pageKey, { kind: 'APP_PAGE' } as never);
    const value = hit?.value as ReturnType<typeof page>;
    expect(value.html).toBe('<p>one</p>');
    expect(Buffer.isBuffer(value.rscData) && [...value.rscData]).toEqual([0, 1, 2, 250, 255]);
    expect(value.segmentData.get('/_tree')?.toString()).toBe('segment');
    expect(hit?.cacheControl).toEqual({ revalidate: false, expire: 3600 });
    expect(typeof hit?.lastModified).toBe('number');

    // The entry expires from Redis with the page (bounded by the store's maximum).
    const redis = await store.cacheRedis();
    const ttl = await redis.ttl(`${store.keyPrefix()}:isr:build-1:${pageKey}`);
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it('an invalidated tag (from its header, from the context, or a soft tag) turns the entry into a miss everywhere', async () => {
    const writer = handler();
    const reader = handler();
    await writer.set(pageKey, page('<p>old</p>') as never, { cacheControl: { revalidate: false } } as never);
    await later();
    await writer.revalidateTag('film:other');
    expect(await reader.get(pageKey, { kind: 'APP_PAGE' } as never)).not.toBeNull();
    await writer.revalidateTag(['film:kiss'], { expire: 0 });
    expect(await reader.get(pageKey, { kind: 'APP_PAGE' } as never)).toBeNull();

    // Written again by a request that started after the invalidation: a hit.
    await handler().set(pageKey, page('<p>new</p>') as never, { cacheControl: { revalidate: false } } as never);
    expect(((await reader.get(pageKey, { kind: 'APP_PAGE' } as never))?.value as { html: string }).html).toBe('<p>new</p>');

    const fetchEntry = { kind: 'FETCH', data: { headers: {}, body: 'e30=', status: 200, url: '' }, revalidate: false };
    await writer.set('data-key', fetchEntry as never, { fetchCache: true, tags: ['reader-film'] } as never);
    const ctx = { kind: 'FETCH', tags: ['reader-film'], softTags: ['_N_T_/layout', '_N_T_/films/kiss'] };
    expect((await reader.get('data-key', ctx as never))?.value).toEqual(fetchEntry);
    await later();
    await writer.revalidateTag('_N_T_/films/kiss'); // revalidatePath('/films/kiss')
    expect(await reader.get('data-key', ctx as never)).toBeNull();
  });

  it('a render that started before an invalidation is never served after it, whatever the clocks say', async () => {
    const startedBefore = handler();
    // This "instance" has a clock an hour ahead; the invalidating one a clock an hour behind.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now - 3_600_000);
    await handler().revalidateTag('film:kiss');
    clock.mockReturnValue(now + 3_600_000);
    await startedBefore.set(
      pageKey,
      page('<p>rendered from before the publish</p>') as never,
      { cacheControl: { revalidate: false } } as never,
    );
    expect(await handler().get(pageKey, { kind: 'APP_PAGE' } as never)).toBeNull();
    clock.mockRestore();
    // A request that starts after it stores a page every instance serves.
    await handler().set(pageKey, page('<p>after</p>') as never, { cacheControl: { revalidate: false } } as never);
    expect(((await handler().get(pageKey, { kind: 'APP_PAGE' } as never))?.value as { html: string }).html).toBe('<p>after</p>');
  });

  it("never stores a route's answer other than a GET's 200 (a POST's 405, an OPTIONS' 204), which GET would then serve", async () => {
    const routeKey = `/route-cache/APP_ROUTE/0123/$/sitemaps/sitemap/films-0.xml/${Date.now()}`;
    const route = (status: number) => ({ kind: 'APP_ROUTE', body: Buffer.from(status === 200 ? '<urlset/>' : ''), status, headers: {} });
    for (const status of [405, 204]) {
      await handler().set(routeKey, route(status) as never, { cacheControl: { revalidate: false } } as never);
      expect(await handler().get(routeKey, { kind: 'APP_ROUTE' } as never), `status ${status}`).toBeNull();
    }
    await handler().set(routeKey, route(200) as never, { cacheControl: { revalidate: false } } as never);
    expect(((await handler().get(routeKey, { kind: 'APP_ROUTE' } as never))?.value as { status: number }).status).toBe(200);
  });

  it('does not serve entries of another build', async () => {
    await handler('build-1').set(pageKey, page('<p>build 1</p>') as never, { cacheControl: { revalidate: false } } as never);
    expect(await handler('build-2').get(pageKey, { kind: 'APP_PAGE' } as never)).toBeNull();
    expect(await handler('build-1').get(pageKey, { kind: 'APP_PAGE' } as never)).not.toBeNull();
  });

  it('keeps cache runs apart by key prefix', async () => {
    await handler().set(pageKey, page('<p>prefix one</p>') as never, { cacheControl: { revalidate: false } } as never);
    await load({ CACHE_KEY_PREFIX: testPrefix('cache-other') });
    prefixes.push(store.keyPrefix());
    expect(await handler().get(pageKey, { kind: 'APP_PAGE' } as never)).toBeNull();
  });

  it('Redis unavailable: misses and dropped writes, never an error; invalidations are written when it is back', async () => {
    const proxy = await startTcpProxy(hostPort(REDIS_TEST_URL));
    try {
      await load({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
      await handler().set(pageKey, page('<p>cached</p>') as never, { cacheControl: { revalidate: false } } as never);
      expect(await handler().get(pageKey, { kind: 'APP_PAGE' } as never)).not.toBeNull();

      await proxy.close();
      expect(await handler().get(pageKey, { kind: 'APP_PAGE' } as never)).toBeNull();
      await expect(handler().set('other', page('x') as never, { cacheControl: { revalidate: false } } as never)).resolves.toBeUndefined();
      await later();
      await expect(handler().revalidateTag('film:kiss')).resolves.toBeUndefined();

      await proxy.open();
      // The entry cached before the outage must not come back: the invalidation is written on reconnect.
      await waitFor(
        'the pending invalidation to be written',
        async () => (await (await store.cacheRedis()).hget(versions.validityKey(), 't:film:kiss')) !== null,
        15_000,
        200,
      );
      expect(await handler().get(pageKey, { kind: 'APP_PAGE' } as never)).toBeNull();
    } finally {
      await proxy.stop();
    }
  });
});

describe('validity that cannot go backwards (the record in Redis lost or rolled back)', () => {
  const cached = async () => (await handler().get(pageKey, { kind: 'APP_PAGE' } as never))?.value as { html: string } | undefined;

  for (const [loss, lose] of [
    ['deleted (evicted, FLUSHALL)', async () => (await store.cacheRedis()).del(versions.validityKey())],
    ['its epoch field gone', async () => (await store.cacheRedis()).hdel(versions.validityKey(), '#epoch')],
  ] as const)
    it(`the record ${loss}: an entry stored before is never served again, however far the new counter climbs`, async () => {
      for (let i = 0; i < 5; i += 1) await handler().revalidateTag(`film:warm-up-${i}`);
      await handler().set(pageKey, page('<p>before the loss</p>') as never, { cacheControl: { revalidate: false } } as never);
      const stamp = await versions.currentVersion();
      expect((await cached())?.html).toBe('<p>before the loss</p>');

      await lose();
      // The new history's counter passes the old entry's and the page's own tag is invalidated in it.
      for (let i = 0; i < 10; i += 1) await handler().revalidateTag(`film:other-${i}`);
      expect(await cached()).toBeUndefined();
      expect(await versions.isCurrent(['film:kiss'], stamp)).toBe(false);
      expect(await versions.isCurrent(['film:kiss'], stamp, { whenUnreachable: 'local' })).toBe(false);
      // What is stored from now on is served again.
      await handler().set(pageKey, page('<p>after</p>') as never, { cacheControl: { revalidate: false } } as never);
      expect((await cached())?.html).toBe('<p>after</p>');
    });

  it('a counter lower than this process saw (a lagging replica promoted) starts a new epoch: nothing stamped before is current', async () => {
    for (let i = 0; i < 5; i += 1) await handler().revalidateTag(`film:warm-up-${i}`);
    const stamp = await versions.currentVersion();
    await handler().set(pageKey, page('<p>before the failover</p>') as never, { cacheControl: { revalidate: false } } as never);
    const redis = await store.cacheRedis();
    // The replica missed the last invalidations: its counter is behind, its epoch the same.
    await redis.hset(versions.validityKey(), '#version', '2');
    expect(await versions.isCurrent(['films'], stamp)).toBe(false);
    expect(await cached()).toBeUndefined();
    const after = await versions.currentVersion();
    expect(after.split('.')[0]).not.toBe(stamp.split('.')[0]);
    await handler().revalidateTag('film:kiss');
    expect(await cached()).toBeUndefined();
  });

  it('an invalidation Redis missed is written in the background once Redis answers, with no further call', async () => {
    const proxy = await startTcpProxy(hostPort(REDIS_TEST_URL));
    try {
      await load({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
      await handler().set(pageKey, page('<p>cached</p>') as never, { cacheControl: { revalidate: false } } as never);
      await proxy.close();
      await handler().revalidateTag('film:background');
      await proxy.open();
      const direct = new Redis(REDIS_TEST_URL);
      try {
        await waitFor(
          'the pending invalidation to be written',
          async () => (await direct.hget(versions.validityKey(), 't:film:background')) !== null,
          15_000,
          100,
        );
      } finally {
        direct.disconnect();
      }
    } finally {
      await proxy.stop();
    }
  });
});

describe('a stall of this process is not a Redis timeout', () => {
  it('an answer that arrived while the event loop was blocked past the deadline is read, and the breaker stays closed', async () => {
    await store.withCacheRedis((redis) => redis.ping());
    const { breakerStats } = await import('./redis-breaker.mjs');
    const before = breakerStats().opened;
    const answer = store.withCacheRedis((redis) => redis.set(`${store.keyPrefix()}:stall`, 'answered'));
    await new Promise((resolve) => setImmediate(resolve)); // the command is sent
    // Busy for twice CACHE_REDIS_TIMEOUT_MS (500 ms): a cold start loading a route's code does this.
    const until = Date.now() + 1_000;
    while (Date.now() < until);
    await expect(answer).resolves.toBe('OK');
    expect(breakerStats().opened).toBe(before);
  });
});

describe('the write position for read replicas (lib/db.ts)', () => {
  it('recording it while Redis is away never fails the committed write; it is written once Redis answers, and other instances read the primary meanwhile', async () => {
    const proxy = await startTcpProxy(hostPort(REDIS_TEST_URL));
    try {
      await load({ REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
      await versions.recordWritePosition(1_000);
      expect(await versions.requiredWritePosition()).toBe(1_000);
      await proxy.close();
      await expect(versions.recordWritePosition(5_000)).resolves.toBeUndefined();
      // Another instance (without this one's memory) cannot read the position: it must not trust a replica.
      const direct = new Redis(REDIS_TEST_URL);
      try {
        expect(await direct.get(versions.writePositionKey())).toBe('1000');
        await proxy.open();
        await waitFor(
          'the missed write position to be written',
          async () => (await direct.get(versions.writePositionKey())) === '5000',
          15_000,
          100,
        );
        // Only ever raised: a lower position recorded later leaves it.
        await versions.recordWritePosition(2_000);
        expect(await direct.get(versions.writePositionKey())).toBe('5000');
      } finally {
        direct.disconnect();
      }
    } finally {
      await proxy.stop();
    }
  });
});

describe('without REDIS_URL, or during next build', () => {
  it("keeps entries in the process's memory, follows its invalidations, and writes nothing to Redis", async () => {
    const prefix = store.keyPrefix();
    const key = `${pageKey}/memory-${Date.now()}`;
    await load({ REDIS_URL: undefined });
    expect(store.sharedCacheEnabled()).toBe(false);
    await handler().set(key, page('<p>in memory</p>') as never, { cacheControl: { revalidate: false } } as never);
    expect(((await handler().get(key, { kind: 'APP_PAGE' } as never))?.value as { html: string }).html).toBe('<p>in memory</p>');
    await later();
    await handler().revalidateTag(['film:kiss']);
    expect(await handler().get(key, { kind: 'APP_PAGE' } as never)).toBeNull();
    // The front cache of server/serve.mjs reads the same versions.
    expect(await versions.tagsVersion(['film:kiss'])).not.toBe(await versions.tagsVersion(['never-invalidated']));

    await load({ REDIS_URL: REDIS_TEST_URL, NEXT_PHASE: 'phase-production-build' });
    expect(store.sharedCacheEnabled()).toBe(false);
    await handler().set(`${key}/build`, page('<p>build</p>') as never, { cacheControl: { revalidate: false } } as never);
    await load({ NEXT_PHASE: undefined });

    const redis = await store.cacheRedis();
    expect(await redis.keys(`${prefix}:*`)).toEqual([]);
  });
});
