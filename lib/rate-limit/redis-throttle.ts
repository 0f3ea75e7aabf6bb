import type { Redis } from 'ioredis';
import { askLimiterRedis } from './redis-connection';
import type { RateLimitState } from './rate-limiter';
import { counted, throttleDelayMs, throttleState, type Throttle, type ThrottleOptions } from './throttle';

/**
 * One script per attempt, so instances never interleave a read and a write: a hash of the count
 * (c) and the time the next attempt may come (n, ms). ARGV: now, "1" to count even while waiting,
 * forgetMs, then the delay of the next attempt for count+1 (computed by the caller: one formula).
 * Returns {counted 0|1, count, nextAt}.
 */
const COUNT_SCRIPT = `
local count = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
local now = tonumber(ARGV[1])
if ARGV[2] ~= '1' and nextAt > now then return { 0, count, nextAt } end
count = count + 1
nextAt = now + tonumber(ARGV[3 + math.min(count, #ARGV - 3)])
redis.call('HSET', KEYS[1], 'c', count, 'n', nextAt)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return { 1, count, nextAt }
`;

export type RedisThrottleOptions = ThrottleOptions & {
  /** Namespace of this throttle's keys, e.g. "th:sign-in:". */
  prefix: string;
  /** Called when Redis fails; the throttle then lets the attempt through (fails open). */
  onError?: (error: unknown) => void;
};

/**
 * The progressive throttle in Redis, shared by every instance. Fails open like RedisRateLimiter,
 * through the process's one Redis circuit breaker.
 */
export class RedisThrottle implements Throttle {
  /** The delay after each count, 1…n (the last repeats): the script indexes it, no formula in Lua. */
  private readonly delays: string[];

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {
    let count = 1;
    const delays: number[] = [];
    do delays.push(throttleDelayMs(count++, options));
    while (delays.at(-1)! < options.maxDelayMs);
    this.delays = delays.map(String);
  }

  async check(key: string): Promise<RateLimitState> {
    try {
      const [count, nextAt] = await askLimiterRedis(() => this.redis.hmget(this.key(key), 'c', 'n'));
      return throttleState(Number(count ?? 0), Number(nextAt ?? 0), this.now(), this.options);
    } catch (error) {
      return this.failOpen(error);
    }
  }

  async hit(key: string): Promise<RateLimitState> {
    return this.count(key, false);
  }

  async fail(key: string): Promise<RateLimitState> {
    return this.count(key, true);
  }

  async reset(key: string): Promise<void> {
    try {
      await askLimiterRedis(() => this.redis.del(this.key(key)));
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async count(key: string, always: boolean): Promise<RateLimitState> {
    const now = this.now();
    try {
      const args = [String(now), always ? '1' : '0', String(this.options.forgetMs), ...this.delays];
      const [wasCounted, count, nextAt] = (await askLimiterRedis(() => this.redis.eval(COUNT_SCRIPT, 1, this.key(key), ...args))) as [
        number,
        number,
        number,
      ];
      return wasCounted ? counted(count, this.options) : throttleState(count, nextAt, now, this.options);
    } catch (error) {
      return this.failOpen(error);
    }
  }

  private key(key: string): string {
    return this.options.prefix + key;
  }

  private failOpen(error: unknown): RateLimitState {
    this.options.onError?.(error);
    return { limited: false, remaining: this.options.free, retryAfterSeconds: 0 };
  }
}
