import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisThrottle } from './redis-throttle';
import { deleteRedisKeys, REDIS_TEST_URL, testPrefix } from '../../scripts/ops/support';

/** The progressive throttle in a real Redis (REDIS_URL or the local one), shared by two connections. */
const clients: Redis[] = [];
const connect = () => {
  const client = new Redis(REDIS_TEST_URL, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return client;
};
const prefix = `${testPrefix('throttle')}:`;
const options = { free: 2, baseDelayMs: 1_000, maxDelayMs: 4_000, forgetMs: 60_000, prefix };

afterAll(async () => {
  await deleteRedisKeys(prefix);
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
});

describe('RedisThrottle', () => {
  it('counts across connections, doubles the wait to the cap, refuses without counting, resets', async () => {
    let now = 1_000_000;
    const a = new RedisThrottle(connect(), options, () => now);
    const b = new RedisThrottle(connect(), options, () => now);
    expect(await a.hit('k')).toMatchObject({ limited: false, remaining: 1 });
    expect(await b.hit('k')).toMatchObject({ limited: false, remaining: 0 });
    expect(await a.hit('k')).toEqual({ limited: true, remaining: 0, retryAfterSeconds: 1 });
    now += 1_000;
    expect(await b.hit('k')).toMatchObject({ limited: false });
    expect(await a.check('k')).toMatchObject({ limited: true, retryAfterSeconds: 2 });
    for (let i = 0; i < 5; i++) await a.fail('k');
    expect(await b.check('k')).toMatchObject({ limited: true, retryAfterSeconds: 4 });
    await b.reset('k');
    expect(await a.check('k')).toEqual({ limited: false, remaining: 2, retryAfterSeconds: 0 });
  });

  it('counts every concurrent failure once and lets one concurrent hit through past the free ones', async () => {
    const t = new RedisThrottle(connect(), { ...options, free: 1 });
    const hits = await Promise.all(Array.from({ length: 20 }, () => t.hit('burst')));
    expect(hits.filter((state) => !state.limited)).toHaveLength(1);
    await Promise.all(Array.from({ length: 30 }, () => t.fail('failures')));
    const redis = connect();
    expect(await redis.hget(`${prefix}failures`, 'c')).toBe('30');
    expect(await redis.pttl(`${prefix}failures`)).toBeGreaterThan(0);
  });

  it('fails open, reporting the error, when Redis is unreachable', async () => {
    const errors: unknown[] = [];
    const dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      enableOfflineQueue: false,
    });
    dead.on('error', () => {});
    clients.push(dead);
    const t = new RedisThrottle(dead, { ...options, onError: (e) => errors.push(e) });
    expect(await t.hit('k')).toMatchObject({ limited: false });
    expect(await t.check('k')).toMatchObject({ limited: false });
    expect(errors).toHaveLength(2);
  });
});
