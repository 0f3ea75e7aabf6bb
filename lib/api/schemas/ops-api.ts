import { z } from 'zod';

/** Response shape of GET /api/v1/editor/cache-stats (lib/cache/bounded-cache.mjs's cacheStats). */
export const cacheStatsSchema = z
  .object({
    caches: z.array(
      z.object({
        name: z.string(),
        holds: z.string(),
        bytes: z.int().meta({ description: 'What its entries hold now, as counted against its budget' }),
        maxBytes: z.int().meta({ description: 'Its budget: the least recently used entries go first beyond it' }),
        entries: z.int(),
        hits: z.int(),
        misses: z.int(),
        hitRate: z.number().nullable().meta({ description: 'hits ÷ lookups since the process started; null before any' }),
      }),
    ),
    redisBreaker: z.object({
      state: z.enum(['closed', 'open']),
      opened: z.int().meta({ description: 'Times Redis failed and was then left alone for openMs' }),
      shortCircuited: z.int().meta({ description: 'Redis calls answered at once because the breaker was open' }),
      failures: z.int(),
      openMs: z.int(),
    }),
    rssBytes: z.int(),
    memory: z
      .object({ rss: z.int(), heapTotal: z.int(), heapUsed: z.int(), external: z.int(), arrayBuffers: z.int() })
      .meta({ description: "The process's memory (Node's process.memoryUsage()): V8's heap, Buffers outside it, the whole process" }),
  })
  .meta({ id: 'CacheStats' });
