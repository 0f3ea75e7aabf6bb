import 'server-only';
import { env } from '../env';
import { logger } from '../log';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';
import { redisConnection } from './redis-connection';
import { RedisThrottle } from './redis-throttle';
import { MemoryThrottle, type Throttle, type ThrottleOptions } from './throttle';
import type { RateLimiter, RateLimitOptions } from './rate-limiter';

/**
 * A limiter named `name`: in Redis when REDIS_URL is set (every instance counts together), else in
 * this process's memory (one instance, development, tests).
 */
export function createRateLimiter(name: string, options: RateLimitOptions, redisUrl = env().REDIS_URL): RateLimiter {
  if (!redisUrl) return new MemoryRateLimiter(options);
  return new RedisRateLimiter(redisConnection(redisUrl), {
    ...options,
    prefix: `rl:${name}:`,
    onError: (error) => logger.warn({ err: error, limiter: name }, 'rate limiter: Redis unavailable, request allowed'),
  });
}

/** A progressive throttle named `name`: in Redis when REDIS_URL is set, else in this process's memory. */
export function createThrottle(name: string, options: ThrottleOptions, redisUrl = env().REDIS_URL): Throttle {
  if (!redisUrl) return new MemoryThrottle(options);
  return new RedisThrottle(redisConnection(redisUrl), {
    ...options,
    prefix: `th:${name}:`,
    onError: (error) => logger.warn({ err: error, throttle: name }, 'throttle: Redis unavailable, attempt allowed'),
  });
}
