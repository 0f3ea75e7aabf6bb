import { operations } from '../operation';
import { cacheStatsSchema } from '../schemas/ops-api';
import { json } from './responses';

/** The server's own statistics, for operations. */
export const opsOperations = operations(['Operations'], {
  getCacheStats: {
    method: 'get',
    path: '/api/v1/editor/cache-stats',
    summary: "This instance's caches and Redis circuit breaker (admins)",
    description: 'Per instance: each in-process cache with its bytes, budget, entries and hit rate since the process started.',
    responses: { 200: json('The statistics', cacheStatsSchema) },
  },
});
