import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './memory-rate-limiter';

function limiter(limit = 3, windowMs = 1000) {
  let now = 0;
  return { limiter: new MemoryRateLimiter({ limit, windowMs }, () => now), advance: (ms: number) => (now += ms) };
}

describe('MemoryRateLimiter', () => {
  it('reports limited from the hit that reaches the limit, per key', async () => {
    const { limiter: l } = limiter(3);
    expect(await l.hit('a')).toEqual({ limited: false, remaining: 2, retryAfterSeconds: 0, resetSeconds: 1 });
    await l.hit('a');
    expect(await l.hit('a')).toMatchObject({ limited: true, remaining: 0, retryAfterSeconds: 1 });
    expect(await l.check('a')).toMatchObject({ limited: true });
    expect(await l.check('b')).toMatchObject({ limited: false, remaining: 3, retryAfterSeconds: 0 });
  });

  it('forgets a key when its window ends or on reset', async () => {
    const { limiter: l, advance } = limiter(1, 60_000);
    expect((await l.hit('a')).limited).toBe(true);
    advance(30_000);
    expect((await l.check('a')).retryAfterSeconds).toBe(30);
    advance(30_000);
    expect((await l.check('a')).limited).toBe(false);
    await l.hit('b');
    await l.reset('b');
    expect((await l.check('b')).limited).toBe(false);
  });
});
