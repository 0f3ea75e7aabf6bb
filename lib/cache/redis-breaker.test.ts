/**
 * The Redis circuit breaker on its own: a failure opens it, calls then fail without reaching Redis,
 * one probe goes through once the open period is over, its success closes the breaker (and runs
 * the close hooks), a reply error does not open it. Time is the system clock, set by the test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Breaker = typeof import('./redis-breaker.mjs');
let breaker: Breaker;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('film-cms.redis-breaker')];
  vi.resetModules();
  breaker = await import('./redis-breaker.mjs');
});

afterEach(() => {
  vi.useRealTimers();
});

const timeout = () => Promise.reject(new Error('Command timed out'));
const replyError = () => Promise.reject(Object.assign(new Error('WRONGTYPE'), { name: 'ReplyError' }));

describe('the Redis circuit breaker', () => {
  it('after a failure, stops calling Redis until the open period is over; a successful probe closes it', async () => {
    await expect(breaker.throughBreaker(timeout)).rejects.toThrow('Command timed out');
    expect(breaker.breakerStats()).toMatchObject({ state: 'open', opened: 1, failures: 1 });

    const command = vi.fn(() => Promise.resolve('OK'));
    await expect(breaker.throughBreaker(command)).rejects.toBeInstanceOf(breaker.RedisBreakerOpenError);
    expect(command).not.toHaveBeenCalled();
    expect(breaker.breakerStats().shortCircuited).toBe(1);

    const closed = vi.fn();
    breaker.onBreakerClose(closed);
    vi.setSystemTime(Date.now() + breaker.breakerStats().openMs);
    await expect(breaker.throughBreaker(command)).resolves.toBe('OK');
    expect(command).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(breaker.breakerStats()).toMatchObject({ state: 'closed', opened: 1 });
  });

  it('a failed probe opens it again, and only one probe runs at a time', async () => {
    await expect(breaker.throughBreaker(timeout)).rejects.toThrow();
    vi.setSystemTime(Date.now() + breaker.breakerStats().openMs);
    let fail: (error: Error) => void = () => {};
    const probe = breaker.throughBreaker(() => new Promise((_, reject) => (fail = reject)));
    const other = vi.fn(() => Promise.resolve('OK'));
    await expect(breaker.throughBreaker(other)).rejects.toBeInstanceOf(breaker.RedisBreakerOpenError);
    expect(other).not.toHaveBeenCalled();
    fail(new Error('Command timed out'));
    await expect(probe).rejects.toThrow('Command timed out');
    expect(breaker.breakerStats().state).toBe('open');
    await expect(breaker.throughBreaker(other)).rejects.toBeInstanceOf(breaker.RedisBreakerOpenError);
  });

  it('a reply error is Redis answering: the breaker stays closed', async () => {
    await expect(breaker.throughBreaker(replyError)).rejects.toThrow('WRONGTYPE');
    expect(breaker.breakerStats()).toMatchObject({ state: 'closed', opened: 0 });
  });

  it('while open, a background probe closes it once Redis answers, with no call from a request', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    let answers = false;
    const ping = vi.fn(() => (answers ? Promise.resolve('PONG') : Promise.reject(new Error('Command timed out'))));
    breaker.setBreakerProbe(ping);
    const closed = vi.fn();
    breaker.onBreakerClose(closed);
    await expect(breaker.throughBreaker(timeout)).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(breaker.breakerStats().state).toBe('open');
    answers = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(breaker.breakerStats().state).toBe('closed');
    expect(closed).toHaveBeenCalledTimes(1);
    // Closed: the background probe stops.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('a new connection closes it without a probe', async () => {
    await expect(breaker.throughBreaker(timeout)).rejects.toThrow();
    breaker.resetBreaker();
    await expect(breaker.throughBreaker(() => Promise.resolve(1))).resolves.toBe(1);
  });
});
