import 'server-only';
import { Redis } from 'ioredis';
import { throughBreaker, withinDeadline } from '../cache/redis-breaker.mjs';
import { onShutdown } from '../ops/shutdown.mjs';

// One connection per process and URL, kept on globalThis so dev-server reloads don't open more.
const globalForRedis = globalThis as unknown as { rateLimitRedis?: Map<string, Redis> };

/**
 * The Redis connection the rate limiters share. Commands fail fast instead of queueing while Redis
 * is away, so a limiter can fail open within a second rather than hold the request.
 */
export function redisConnection(url: string): Redis {
  globalForRedis.rateLimitRedis ??= new Map();
  let client = globalForRedis.rateLimitRedis.get(url);
  if (!client) {
    // No commandTimeout: askLimiterRedis's deadline, which a stall of this process does not trip.
    client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableAutoPipelining: true });
    // Without a listener ioredis reports every reconnect attempt as an unhandled error event.
    client.on('error', () => {});
    globalForRedis.rateLimitRedis.set(url, client);
    // Closed with the rest at shutdown, and at the end of a script (a seed), which could not exit otherwise.
    onShutdown('redis rate limits', closeRedisConnections);
  }
  return client;
}

/** How long a limiter waits for Redis before letting the request through (ms). */
const RATE_LIMIT_REDIS_TIMEOUT_MS = 1_000;

/** A limiter's call to Redis: through the process's one breaker, within RATE_LIMIT_REDIS_TIMEOUT_MS. */
export function askLimiterRedis<T>(call: () => Promise<T>): Promise<T> {
  return throughBreaker(() => withinDeadline(call(), RATE_LIMIT_REDIS_TIMEOUT_MS));
}

export async function closeRedisConnections(): Promise<void> {
  const clients = [...(globalForRedis.rateLimitRedis?.values() ?? [])];
  globalForRedis.rateLimitRedis?.clear();
  await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
}
