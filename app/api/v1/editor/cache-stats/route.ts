import { apiOperation } from '@/lib/api/api-handler';
import { opsOperations } from '@/lib/api/operations/ops';
import { cacheStats } from '@/lib/cache/bounded-cache.mjs';

/**
 * This instance's in-process caches (bytes, budget, entries, hit rate since start), the Redis
 * circuit breaker and the process's RSS (admins, also by API token): lib/cache/bounded-cache.mjs.
 */
export const GET = apiOperation(opsOperations.getCacheStats, 'ops.read', async () => {
  return Response.json(cacheStats(), { headers: { 'Cache-Control': 'no-store' } });
});
