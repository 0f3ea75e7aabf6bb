/**
 * The signed cache-refresh route a command uses to reach a running server (no Redis): only a
 * request signed with the deployment's AUTH_SECRET invalidates anything.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute, type RouteHandler } from '@/lib/testing/call-route';
import { SIGNATURE_HEADER, TIME_HEADER, signRevalidation } from '@/lib/cache/revalidation-signature';

const SECRET = vi.hoisted(() => {
  const secret = 'revalidate-test-secret-0123456789abcdef';
  process.env.AUTH_SECRET = secret;
  return secret;
});
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({ revalidateTag: (tag: string) => revalidated.push(tag) }));

const { POST } = await import('@/app/api/internal/revalidate/route');

function send(body: string, headers: Record<string, string>) {
  return callRoute(POST as RouteHandler, 'POST', '/api/internal/revalidate', {}, { body, headers: { 'content-type': 'application/json', ...headers } });
}
const signed = (body: string, time = Date.now(), secret = SECRET) => ({ [TIME_HEADER]: String(time), [SIGNATURE_HEADER]: signRevalidation(secret, time, body) });

beforeEach(() => {
  revalidated.length = 0;
});

describe('POST /api/internal/revalidate', () => {
  it('refreshes the films’ pages and every list for a signed request: 204', async () => {
    const body = JSON.stringify({ slugs: ['kiss-and-cry', 'harbour-lights'] });
    const response = await send(body, signed(body));
    expect(response.status).toBe(204);
    expect(revalidated.sort()).toEqual(['film:harbour-lights', 'film:kiss-and-cry', 'films']);
  });

  it('401 without a signature, with another secret, or a stale one; nothing is refreshed', async () => {
    const body = JSON.stringify({ slugs: ['kiss-and-cry'] });
    expect((await send(body, {})).status).toBe(401);
    expect((await send(body, signed(body, Date.now(), 'someone-elses-secret-0123456789abcdef'))).status).toBe(401);
    expect((await send(body, signed(body, Date.now() - 10 * 60_000))).status).toBe(401);
    expect(revalidated).toEqual([]);
  });

  it('400 naming the field for a signed body of the wrong shape', async () => {
    const body = JSON.stringify({ slugs: 'kiss-and-cry' });
    const response = await send(body, signed(body));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([expect.objectContaining({ path: 'slugs' })]);
    expect(revalidated).toEqual([]);
  });
});
