import type { Redis } from 'ioredis';
import { askLimiterRedis } from './redis-connection';
import type { RateLimiter, RateLimitOptions, RateLimitState } from './rate-limiter';

/**
 * Counts in one INCR, and starts the window's expiry on the first hit only: a fixed window that
 * several app instances share atomically (no read-then-write race between them).
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

export type RedisRateLimitOptions = RateLimitOptions & {
  /** Namespace of this limiter's keys, e.g. "rl:quiz-attempt:". */
  prefix: string;
  /** Called when Redis fails; the limiter then lets the request through (fails open). */
  onError?: (error: unknown) => void;
};

/**
 * A fixed-window limiter in Redis, shared by every instance behind a load balancer. When Redis is
 * unreachable it fails open: a rate limiter must not take the site down with it. Its commands go
 * through the process's one Redis circuit breaker (lib/cache/redis-breaker.mjs), so a silent Redis
 * costs one timeout, not one per request.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly options: RedisRateLimitOptions,
  ) {}

  async check(key: string): Promise<RateLimitState> {
    try {
      const [[, count], [, ttl]] = (await askLimiterRedis(() => this.redis.multi().get(this.key(key)).pttl(this.key(key)).exec())) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return this.state(Number(count ?? 0), ttl);
    } catch (error) {
      return this.failOpen(error);
    }
  }

  async hit(key: string): Promise<RateLimitState> {
    try {
      const [count, ttl] = (await askLimiterRedis(() => this.redis.eval(HIT_SCRIPT, 1, this.key(key), String(this.options.windowMs)))) as [
        number,
        number,
      ];
      return this.state(count, ttl);
    } catch (error) {
      return this.failOpen(error);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await askLimiterRedis(() => this.redis.del(this.key(key)));
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private key(key: string): string {
    return this.options.prefix + key;
  }

  private state(count: number, ttlMs: number): RateLimitState {
    const limited = count >= this.options.limit;
    return {
      limited,
      remaining: Math.max(0, this.options.limit - count),
      retryAfterSeconds: limited ? Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : this.options.windowMs) / 1000)) : 0,
      resetSeconds: count > 0 ? Math.max(1, Math.ceil((ttlMs > 0 ? ttlMs : this.options.windowMs) / 1000)) : 0,
    };
  }

  private failOpen(error: unknown): RateLimitState {
    this.options.onError?.(error);
    return { limited: false, remaining: this.options.limit, retryAfterSeconds: 0 };
  }
}
