import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { cacheStatsSchema } from '../schemas/ops-api';
import { errors, json } from './responses';

/** The server's own statistics, for operations. */
export function registerOpsPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/api/v1/editor/cache-stats',
    tags: ['Operations'],
    security: [{ session: [] }, { bearer: [] }],
    summary: "This instance's caches and Redis circuit breaker (admins)",
    description: 'Per instance: each in-process cache with its bytes, budget, entries and hit rate since the process started.',
    responses: { 200: json('The statistics', cacheStatsSchema), 401: errors[401], 403: errors[403] },
  });
}
