import 'server-only';
import { env } from '../env';
import { logger } from '../log';
import { MemoryRateLimiter } from './memory-rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';
import { redisConnection } from './redis-connection';
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
