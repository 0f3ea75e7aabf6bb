import { describe, expect, it } from 'vitest';
import { MemoryThrottle, throttleDelayMs } from './throttle';

const options = { free: 2, baseDelayMs: 1_000, maxDelayMs: 4_000, forgetMs: 60_000 };

function throttle() {
  let now = 0;
  return { throttle: new MemoryThrottle(options, () => now), advance: (ms: number) => (now += ms) };
}

describe('progressive throttle', () => {
  it('lets `free` attempts through, then doubles the wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 9].map((count) => throttleDelayMs(count, options))).toEqual([0, 1_000, 2_000, 4_000, 4_000, 4_000]);
  });

  it('refuses while a key waits, without counting the refusal; a reset forgets it', async () => {
    const { throttle: t, advance } = throttle();
    expect(await t.hit('a')).toMatchObject({ limited: false });
    expect(await t.hit('a')).toMatchObject({ limited: false });
    expect(await t.hit('a')).toEqual({ limited: true, remaining: 0, retryAfterSeconds: 1 });
    expect(await t.hit('a')).toMatchObject({ limited: true });
    advance(1_000);
    expect(await t.hit('a')).toMatchObject({ limited: false });
    expect(await t.check('a')).toEqual({ limited: true, remaining: 0, retryAfterSeconds: 2 });
    expect(await t.check('b')).toEqual({ limited: false, remaining: 2, retryAfterSeconds: 0 });
    await t.reset('a');
    expect(await t.check('a')).toMatchObject({ limited: false, remaining: 2 });
  });

  it('counts a failure whatever the wait, and forgets the key forgetMs after its last count', async () => {
    const { throttle: t, advance } = throttle();
    for (let i = 0; i < 4; i++) await t.fail('a');
    expect(await t.check('a')).toMatchObject({ limited: true, retryAfterSeconds: 4 });
    advance(59_999);
    expect(await t.check('a')).toMatchObject({ limited: false, remaining: 0 });
    advance(1);
    expect(await t.check('a')).toMatchObject({ limited: false, remaining: 2 });
  });
});
