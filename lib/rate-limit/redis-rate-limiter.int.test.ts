import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisRateLimiter } from './redis-rate-limiter';

/**
 * Needs a Redis server: REDIS_URL, else the default local one. Skipped when none answers (the
 * limiter falls back to memory where REDIS_URL is unset, so Redis is optional for the app).
 */
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
probe.on('error', () => {});
const available = await probe
  .connect()
  .then(() => probe.ping())
  .then(() => true)
  .catch(() => false);

const clients: Redis[] = [];
const connect = () => {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return client;
};

afterAll(async () => {
  await Promise.all([probe, ...clients].map((c) => c.quit().catch(() => c.disconnect())));
});

describe('RedisRateLimiter', () => {
  it('has a Redis to talk to (CI machines run one on 127.0.0.1:6379)', () => {
    expect(available).toBe(true);
  });

  const prefix = `rl:test:${Date.now().toString(36)}:${Math.random().toString(36).slice(2)}:`;

  it('counts together across instances (separate connections), in a fixed window', async () => {
    const a = new RedisRateLimiter(connect(), { limit: 3, windowMs: 2_000, prefix });
    const b = new RedisRateLimiter(connect(), { limit: 3, windowMs: 2_000, prefix });
    expect(await a.hit('k')).toMatchObject({ limited: false, remaining: 2 });
    expect(await b.hit('k')).toMatchObject({ limited: false, remaining: 1 });
    const third = await a.hit('k');
    expect(third.limited).toBe(true);
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect(await b.check('k')).toMatchObject({ limited: true, remaining: 0 });
    expect(await b.check('other')).toMatchObject({ limited: false, remaining: 3 });
    await b.reset('k');
    expect(await a.check('k')).toMatchObject({ limited: false, remaining: 3 });
  });

  it('counts every concurrent hit exactly once', async () => {
    const limiter = new RedisRateLimiter(connect(), { limit: 1_000, windowMs: 5_000, prefix });
    await Promise.all(Array.from({ length: 50 }, () => limiter.hit('burst')));
    expect(await limiter.check('burst')).toMatchObject({ remaining: 950 });
  });

  it('expires the window', async () => {
    const limiter = new RedisRateLimiter(connect(), { limit: 1, windowMs: 300, prefix });
    expect((await limiter.hit('short')).limited).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await limiter.check('short')).limited).toBe(false);
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
    const limiter = new RedisRateLimiter(dead, { limit: 1, windowMs: 1_000, prefix, onError: (e) => errors.push(e) });
    expect(await limiter.hit('k')).toMatchObject({ limited: false });
    expect(await limiter.check('k')).toMatchObject({ limited: false });
    expect(errors.length).toBe(2);
  });
});
