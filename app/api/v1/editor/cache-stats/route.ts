import { apiHandler } from '@/lib/api/api-handler';
import { cacheStats } from '@/lib/cache/bounded-cache.mjs';

/**
 * This instance's in-process caches (bytes, budget, entries, hit rate since start), the Redis
 * circuit breaker and the process's RSS (admins, also by API token): lib/cache/bounded-cache.mjs.
 */
export const GET = apiHandler('ops.read', async () => {
  return Response.json(cacheStats(), { headers: { 'Cache-Control': 'no-store' } });
});
