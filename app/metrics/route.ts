import { env } from '@/lib/env';
import { bearerMatches, metricsText } from '@/lib/metrics/metrics.mjs';

/**
 * Prometheus's scrape on the main port, with `Authorization: Bearer $METRICS_TOKEN`. Without
 * METRICS_TOKEN there is no such page here (404): metrics are then only on METRICS_PORT, which
 * server/serve.mjs binds to loopback, or nowhere.
 */
export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const token = env().METRICS_TOKEN;
  if (!token) return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  if (!bearerMatches(request.headers.get('authorization'), token))
    return new Response('Unauthorized', {
      status: 401,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' },
    });
  const { contentType, body } = await metricsText();
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
}
