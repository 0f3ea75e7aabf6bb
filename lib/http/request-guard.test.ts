/**
 * The request guard server/serve.mjs puts in front of Next, on a real HTTP server: what Next
 * answered with a 500 (TRACE, undecodable percent-encoding, control characters) is a 405 / 400
 * with a reason; everything else reaches the listener untouched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_PATH } from '../reader/missing-page';
import { MISSING_PAGE_PATH, guardRequests, unsafeTextReason } from './request-guard.mjs';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer(guardRequests((_request, response) => response.end(`passed ${_request.url}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request (fetch refuses TRACE and sends only valid targets). */
function send(method: string, target: string): Promise<{ status: number; body: string; allow?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: target }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, allow: response.headers.allow }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('request guard', () => {
  it('TRACE and unknown methods: 405 with Allow', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
      const response = await send(method, '/films/kiss-and-cry');
      expect(response.status).toBe(405);
      expect(response.allow).toContain('GET');
      expect(response.body).toContain(`Method ${method} is not allowed`);
    }
  });

  it('malformed percent-encoding and control characters in an API path or any query: 400 saying so', async () => {
    for (const [method, target] of [['GET', '/api/v1/films/%ff'], ['GET', '/api/v1/films/kiss%00'], ['POST', '/films/kiss%00/quiz/answers'], ['PUT', '/x/%ED%A0%80'], ['GET', '/spoilers?return=/%0A/evil'], ['GET', '/spoilers?return=/%09/evil.example'], ['GET', '/search?q=%ff']]) {
      const response = await send(method, target);
      expect(response.status, target).toBe(400);
      expect(response.body, target).toMatch(/^Bad Request: The (address|query string)/);
    }
  });

  it("reading a page at such an address shows the site's 404 page instead (proxy.ts does the same)", async () => {
    expect(MISSING_PAGE_PATH).toBe(MISSING_PATH);
    for (const target of ['/films/%E0%A4%A', '/films/kiss%00', '/people/%00', '/x/%ED%A0%80']) {
      const response = await send('GET', target);
      expect(response.status, target).toBe(200);
      expect(response.body, target).toBe(`passed ${MISSING_PATH}`);
    }
  });

  it('a refused request says Connection: close, so a keep-alive client does not reuse the closed socket', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (method: string, target: string) =>
      new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path: target, agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
        });
        request.on('error', reject);
        request.end();
      });
    try {
      for (let i = 0; i < 5; i++) {
        expect(await get('TRACE', '/')).toEqual({ status: 405, connection: 'close' });
        expect((await get('GET', '/films/kiss-and-cry')).status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('ordinary requests pass, including encoded Unicode and reserved characters', async () => {
    for (const [method, target] of [['GET', '/films/kiss-and-cry?spoilers=full'], ['POST', '/api/v1/editor/films'], ['HEAD', '/'], ['GET', '/search?q=caf%C3%A9+%26+cr%C3%AApes'], ['OPTIONS', '/api/v1/films']]) {
      const response = await send(method, target);
      expect(response.status, target).toBe(200);
      if (method !== 'HEAD') expect(response.body).toBe(`passed ${target}`);
    }
  });

  it('the text rule: NUL, other controls and lone surrogates are refused; tab, newlines and pairs are not', () => {
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextReason('\u001b[0m')).not.toBeNull();
    expect(unsafeTextReason('\uD800')).toMatch(/surrogate/);
    expect(unsafeTextReason('x\uDC00')).toMatch(/surrogate/);
    expect(unsafeTextReason('line\n\tnext\r\n 🎬 é')).toBeNull();
  });
});
