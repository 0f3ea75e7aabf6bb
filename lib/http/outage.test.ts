/**
 * answerOutages on a real HTTP server: a 5xx sent while a database outage is noted goes out as a
 * 503 with Retry-After and a body of ours (HTML for pages, JSON under /api/); other answers, and
 * a 5xx with no outage noted, pass untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_NOTE_MS, answerOutages, databaseUnavailableRecently, markDatabaseUnavailable } from './outage.mjs';

let server: http.Server;
let base = '';

beforeAll(async () => {
  // Answers like Next: a status from the path, headers set, then a body written in parts.
  server = http.createServer((request, response) => {
    answerOutages(request, response);
    const status = Number(new URL(request.url!, 'http://x').searchParams.get('status') ?? 200);
    response.statusCode = status;
    response.setHeader('Content-Type', 'text/html');
    response.setHeader('ETag', '"abc"');
    response.write('<html>Next says ');
    response.end(`${status}</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    body: await response.text(),
    type: response.headers.get('content-type'),
    retryAfter: response.headers.get('retry-after'),
    etag: response.headers.get('etag'),
  };
};

describe('answerOutages', () => {
  it('a 500 without a noted outage is left as it is', async () => {
    (globalThis as Record<symbol, unknown>)[Symbol.for('film-cms.database-unavailable-at')] = Date.now() - OUTAGE_NOTE_MS - 1;
    expect(databaseUnavailableRecently()).toBe(false);
    expect(await get('/search?status=500')).toMatchObject({ status: 500, body: '<html>Next says 500</html>' });
  });

  it('during an outage a page 500 is a plain 503 page with Retry-After; an API one JSON; a 200 untouched', async () => {
    markDatabaseUnavailable();
    const page = await get('/search?status=500');
    expect(page).toMatchObject({ status: 503, type: 'text/html; charset=utf-8', retryAfter: '5', etag: null });
    expect(page.body).toContain('Temporarily unavailable');
    const api = await get('/api/v1/films?status=500');
    expect(api).toMatchObject({ status: 503, type: 'application/problem+json', retryAfter: '5' });
    expect(JSON.parse(api.body)).toMatchObject({
      type: '/problems/unavailable',
      status: 503,
      detail: expect.stringMatching(/temporarily unavailable/),
    });
    expect(await get('/films/x?status=200')).toMatchObject({ status: 200, body: '<html>Next says 200</html>' });
    expect(await get('/films/x?status=404')).toMatchObject({ status: 404 });
  });
});
