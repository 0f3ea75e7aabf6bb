/**
 * The request guard server/serve.mjs puts in front of Next, on a real HTTP server: what Next
 * answered with a 500 (TRACE, undecodable percent-encoding, control characters) is a 405 / 400
 * with a reason; everything else reaches the listener untouched.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_PATH } from '../reader/missing-page';
import { MISSING_PAGE_PATH, guardRequests, unsafeTextReason } from './request-guard.mjs';
import Ajv from 'ajv';
import { buildOpenApiDocument } from '../api/openapi/build-openapi-document';
import { ACTION_BODY_LIMIT, CONTENT_BODY_LIMIT, DEFAULT_BODY_LIMIT, UPLOAD_BODY_LIMIT, bodyLimitOf } from './body-limits.mjs';

let server: http.Server;
let port = 0;

type Middleware = (request: http.IncomingMessage, response: http.ServerResponse, next: () => void) => void;
/** The compression middleware Next's server puts on every response (it sends the head from its own `end`). */
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware;

beforeAll(async () => {
  // The listener echoes what reached it: the target, and the body with its declared length.
  server = http.createServer(
    guardRequests(async (request, response) => {
      // As Next answers a method a route does not export: 405, Allow, no body.
      if (request.url === '/api/v1/films/bare-405') {
        response.statusCode = 405;
        response.setHeader('Allow', 'GET, HEAD');
        return response.end();
      }
      // As the production server sends it: the same, behind Next's compression.
      if (request.url === '/api/v1/films/compressed-405' || request.url === '/api/v1/films/compressed-418-text') {
        compression()(request, response, () => {
          response.statusCode = request.url!.endsWith('405') ? 405 : 418;
          if (response.statusCode === 405) response.end();
          else response.end('a body of its own');
        });
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString();
      response.end(body ? `passed ${request.url} ${request.headers['content-length']}:${body}` : `passed ${request.url}`);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Sent = { status: number; body: string; connection?: string; type?: string };

/**
 * A request written by hand on a socket: any target (absolute form too), any headers, a body sent
 * with a length or chunked; what comes back before the server closes (or a second passes).
 */
function raw(head: string, body: Buffer | string = ''): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`${head.replace(/\n/g, '\r\n')}\r\n\r\n`);
      socket.end(body);
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', (error) => (text ? undefined : reject(error)));
    socket.on('close', () => {
      const [headers, ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0),
        body: rest.join('\r\n\r\n'),
        connection: /\r\nconnection: (\S+)/i.exec(headers)?.[1],
        type: /\r\ncontent-type: ([^\r]+)/i.exec(headers)?.[1],
      });
    });
  });
}

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
    for (const [method, target] of [
      ['GET', '/api/v1/films/%ff'],
      ['GET', '/api/v1/films/kiss%00'],
      ['POST', '/films/kiss%00/quiz/answers'],
      ['PUT', '/x/%ED%A0%80'],
      ['GET', '/spoilers?return=/%0A/evil'],
      ['GET', '/spoilers?return=/%09/evil.example'],
      ['GET', '/search?q=%ff'],
    ]) {
      const response = await send(method, target);
      expect(response.status, target).toBe(400);
      // Under /api/ the reason is a problem's detail (lib/http/problem.mjs), elsewhere plain text.
      const reason = target.startsWith('/api/') ? `Bad Request: ${JSON.parse(response.body).detail}` : response.body;
      expect(reason, target).toMatch(/^Bad Request: The (address|query string)/);
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

  it('a request to switch protocols (WebSocket, h2c) is a 400 with Connection: close on any path; an Upgrade header alone is ignored', async () => {
    for (const [target, headers] of [
      ['/_next/x', 'Connection: Upgrade\nUpgrade: websocket\nSec-WebSocket-Version: 13\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=='],
      ['/films/kiss-and-cry', 'Connection: keep-alive, Upgrade\nUpgrade: websocket'],
      ['/', 'Connection: Upgrade, HTTP2-Settings\nUpgrade: h2c\nHTTP2-Settings: AAMAAABkAAQAAP__'],
    ]) {
      const sent = await raw(`GET ${target} HTTP/1.1\nHost: 127.0.0.1\n${headers}`);
      expect([sent.status, sent.connection], target).toEqual([400, 'close']);
    }
    expect((await raw('GET /films/kiss-and-cry HTTP/1.1\nHost: 127.0.0.1\nUpgrade: websocket')).status).toBe(200);
  });

  it('ordinary requests pass, including encoded Unicode and reserved characters', async () => {
    for (const [method, target] of [
      ['GET', '/films/kiss-and-cry?spoilers=full'],
      ['POST', '/api/v1/editor/films'],
      ['HEAD', '/'],
      ['GET', '/search?q=caf%C3%A9+%26+cr%C3%AApes'],
      ['OPTIONS', '/api/v1/films'],
    ]) {
      const response = await send(method, target);
      expect(response.status, target).toBe(200);
      if (method !== 'HEAD') expect(response.body).toBe(`passed ${target}`);
    }
  });

  it('an absolute-form target naming another host is a 400; naming this host, it is served as its path', async () => {
    const evil = await raw('GET http://evil.example/films/x HTTP/1.1\nHost: 127.0.0.1\nConnection: close');
    expect(evil.status).toBe(400);
    expect(evil.body).toContain('must be a path on this site');
    const own = await raw(`GET http://127.0.0.1:${port}/films/x?a=1 HTTP/1.1\nHost: 127.0.0.1:${port}\nConnection: close`);
    expect([own.status, own.body]).toEqual([200, 'passed /films/x?a=1']);
  });

  const action = (headers: string, body: string) =>
    raw(`POST /films/x HTTP/1.1\nHost: 127.0.0.1:${port}\nConnection: close\nContent-Length: ${Buffer.byteLength(body)}\n${headers}`, body);

  it('a server action from another origin (or Origin: null, or one that does not parse) is a 403 before its body is read', async () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${port + 1}`, 'null', 'not a url']) {
      const response = await action(`Next-Action: 7f00\nOrigin: ${origin}\nContent-Type: text/plain;charset=UTF-8`, '[]');
      expect(response.status, origin).toBe(403);
      expect(response.body).toContain('sent from this site');
    }
    // An action header on a read (Next takes it for an action call and fails): 400.
    const read = await raw(`GET /editor/films/x HTTP/1.1\nHost: 127.0.0.1:${port}\nConnection: close\nNext-Action: 7f00`);
    expect([read.status, read.body]).toEqual([400, 'Bad Request: A server action is called with POST\n']);
    // A multipart form posted to a page is a possible action too (a form without JavaScript).
    expect((await action('Origin: http://evil.example\nContent-Type: multipart/form-data; boundary=x', '--x--\r\n')).status).toBe(403);
    // The same origin, with the forwarded host a proxy sets taken first, as Next does.
    expect((await action(`Next-Action: 7f00\nOrigin: http://127.0.0.1:${port}\nContent-Type: text/plain`, '["a"]')).body).toBe(
      `passed /films/x 5:["a"]`,
    );
    expect(
      (await action('Next-Action: 7f00\nOrigin: https://cms.example\nX-Forwarded-Host: cms.example\nContent-Type: text/plain', '[1]'))
        .status,
    ).toBe(200);
  });

  it("a server action's body must be a JSON array; a multipart body must parse: 400, else handed on whole", async () => {
    for (const body of ['{}', '"x"', '1', 'null', '[', 'not json', '']) {
      const response = await action('Next-Action: 7f00\nContent-Type: text/plain', body);
      expect(response.status, body).toBe(400);
      expect(response.body).toContain('JSON array');
    }
    const broken = await raw(
      `POST / HTTP/1.1\nHost: 127.0.0.1\nConnection: close\nContent-Type: multipart/form-data; boundary=x\nContent-Length: 1`,
      'x',
    );
    expect([broken.status, broken.body]).toEqual([400, 'Bad Request: The body is not a well-formed multipart form\n']);
    expect(
      (
        await raw(
          `POST /api/v1/editor/films HTTP/1.1\nHost: 127.0.0.1\nConnection: close\nContent-Type: multipart/form-data; boundary=x\nContent-Length: 3`,
          'abc',
        )
      ).status,
    ).toBe(400);
    const form = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n';
    const good = await action('Content-Type: multipart/form-data; boundary=x', form);
    expect([good.status, good.body]).toEqual([200, `passed /films/x ${form.length}:${form}`]);
  });

  it('action arguments referring to parts a one-part body lacks, and forms naming no action by its shape: 400', async () => {
    for (const body of ['["$Q1"]', '["$W2"]', '["$@1"]', '["$K1"]', '[{"a":["$T"]}]', '["$1"]', '["$B0"]']) {
      const response = await action('Next-Action: 7f00\nContent-Type: text/plain', body);
      expect(response.status, body).toBe(400);
    }
    // What a one-part reply may hold stands alone: an escaped $, undefined, dates, bigints, NaN.
    const plain = '["$$5 off","$undefined","$D2026-12-03T00:00:00.000Z","$n12","$NaN",{"k":"-$"}]';
    expect((await action('Next-Action: 7f00\nContent-Type: text/plain', plain)).status).toBe(200);
    const form = (name: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n\r\n--x--\r\n`;
    expect((await action('Content-Type: multipart/form-data; boundary=x', form('1_$ACTION_ID_x'))).status).toBe(400);
    expect((await action('Content-Type: multipart/form-data; boundary=x', form('$ACTION_REF_../x'))).status).toBe(400);
    expect((await action('Content-Type: multipart/form-data; boundary=x', form(`1_$ACTION_ID_${'7f'.repeat(21)}`))).status).toBe(200);
  });

  it('a client that sends all of a refused body reads the 413, not a reset; a body past 32 MiB is cut off', async () => {
    const post = (length: number, body: Buffer | null) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth/callback/credentials',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': length },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
          },
        );
        request.on('error', reject);
        if (body) request.end(body);
      });
    // 8 MiB: far more than the socket buffers hold, so the server must read it for the write to finish.
    expect(await post(8 * 1024 * 1024, Buffer.alloc(8 * 1024 * 1024, 'a'))).toBe(413);
    const huge = await raw(`POST /api/auth/callback/credentials HTTP/1.1\nHost: 127.0.0.1\nContent-Length: ${64 * 1024 * 1024}`);
    expect([huge.status, huge.connection]).toEqual([413, 'close']);
  });

  it('a body past its limit: 413 from the declared length before reading, or as soon as a chunked one passes it', async () => {
    const declared = await raw(
      `POST /api/auth/callback/credentials HTTP/1.1\nHost: 127.0.0.1\nContent-Length: ${DEFAULT_BODY_LIMIT + 1}\nContent-Type: application/x-www-form-urlencoded`,
    );
    expect(declared.status).toBe(413);
    // The answer came before the body; the connection stays to take the body and drop it.
    expect(declared.connection).not.toBe('close');
    const chunk = 'a'.repeat(16 * 1024);
    const chunks = (n: number) => `${Array.from({ length: n }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('')}0\r\n\r\n`;
    const streamed = await raw('POST /api/v1/films HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked', chunks(5));
    expect(streamed.status).toBe(413);
    // Under the limit, a chunked body is handed on whole, with its length.
    const small = await raw('POST /api/v1/films HTTP/1.1\nHost: 127.0.0.1\nConnection: close\nTransfer-Encoding: chunked', chunks(2));
    expect([small.status, small.body]).toEqual([200, `passed /api/v1/films ${2 * chunk.length}:${chunk}${chunk}`]);
    // The large routes get their limit only with credentials.
    const upload = `POST /api/v1/editor/media HTTP/1.1\nHost: 127.0.0.1\nContent-Length: ${UPLOAD_BODY_LIMIT}`;
    expect((await raw(upload)).status).toBe(413);
    expect(bodyLimitOf({ method: 'POST', url: '/api/v1/editor/media', headers: { cookie: 'next-auth.session-token=x' } })).toBe(
      UPLOAD_BODY_LIMIT,
    );
    expect(bodyLimitOf({ method: 'PUT', url: '/api/v1/editor/films/x', headers: { authorization: 'Bearer x' } })).toBe(CONTENT_BODY_LIMIT);
    expect(bodyLimitOf({ method: 'PUT', url: '/api/v1/editor/films/x/translations/fr', headers: { authorization: 'Bearer x' } })).toBe(
      CONTENT_BODY_LIMIT,
    );
    expect(bodyLimitOf({ method: 'PUT', url: '/api/v1/editor/films/x/translations/fr', headers: {} })).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitOf({ method: 'PUT', url: '/api/v1/editor/films/x', headers: {} })).toBe(DEFAULT_BODY_LIMIT);
    expect(
      bodyLimitOf({
        method: 'POST',
        url: '/editor/films/x',
        headers: { cookie: 'a=1; __Secure-next-auth.session-token=x', 'next-action': 'y' },
      }),
    ).toBe(ACTION_BODY_LIMIT);
  });

  it('the text rule: NUL, other controls and lone surrogates are refused; tab, newlines and pairs are not', () => {
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextReason('\u001b[0m')).not.toBeNull();
    expect(unsafeTextReason('\uD800')).toMatch(/surrogate/);
    expect(unsafeTextReason('x\uDC00')).toMatch(/surrogate/);
    expect(unsafeTextReason('line\n\tnext\r\n 🎬 é')).toBeNull();
  });
});

describe('under /api/ the guard answers problems (RFC 9457)', () => {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'openapi.json', components: JSON.parse(JSON.stringify(buildOpenApiDocument())).components });
  const isProblem = ajv.getSchema('openapi.json#/components/schemas/Problem')!;

  /** A request with an id, as server/serve.mjs sets it before the guard. */
  function sendWithId(method: string, target: string, headers: Record<string, string | number> = {}) {
    return new Promise<{ status: number; type?: string; allow?: string; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, method, path: target, headers: { 'x-request-id': 'guard-test-0001', ...headers } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, type: response.headers['content-type'], allow: response.headers.allow, body }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  it('405, 400 and 413 are application/problem+json naming the request; pages keep plain text', async () => {
    for (const [method, target, status, type, headers] of [
      ['TRACE', '/api/v1/films', 405, '/problems/method-not-allowed', {}],
      ['GET', '/api/v1/films/%ff', 400, '/problems/bad-request', {}],
    ] as const) {
      const answer = await sendWithId(method, target, headers);
      expect([answer.status, answer.type], target).toEqual([status, 'application/problem+json']);
      const body = JSON.parse(answer.body);
      expect(isProblem(body), JSON.stringify(isProblem.errors)).toBe(true);
      expect(body).toMatchObject({ type, status, instance: 'guard-test-0001' });
    }
    const tooLarge = await raw(
      `POST /api/v1/films HTTP/1.1\nHost: 127.0.0.1\nConnection: close\nX-Request-Id: guard-test-0001\nContent-Length: ${DEFAULT_BODY_LIMIT + 1}`,
    );
    expect([tooLarge.status, tooLarge.type]).toEqual([413, 'application/problem+json']);
    expect(isProblem(JSON.parse(tooLarge.body))).toBe(true);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ type: '/problems/content-too-large', status: 413, instance: 'guard-test-0001' });
    expect((await sendWithId('TRACE', '/films/kiss')).type).toMatch(/^text\/plain/);
  });

  it("Next's bodiless 405 under /api/ becomes a problem naming the allowed methods", async () => {
    const answer = await sendWithId('DELETE', '/api/v1/films/bare-405');
    expect([answer.status, answer.type, answer.allow]).toEqual([405, 'application/problem+json', 'GET, HEAD']);
    const body = JSON.parse(answer.body);
    expect(isProblem(body)).toBe(true);
    expect(body).toMatchObject({ type: '/problems/method-not-allowed', status: 405, instance: 'guard-test-0001' });
    expect(body.detail).toContain('GET, HEAD');
  });

  it('the same behind the compression Next adds, which sends the head before the body; a body of its own passes', async () => {
    const answer = await sendWithId('DELETE', '/api/v1/films/compressed-405', { 'accept-encoding': 'gzip' });
    expect([answer.status, answer.type]).toEqual([405, 'application/problem+json']);
    const body = JSON.parse(answer.body);
    expect(isProblem(body)).toBe(true);
    expect(body).toMatchObject({ type: '/problems/method-not-allowed', status: 405, instance: 'guard-test-0001' });
    expect(body.detail).toBe('Method DELETE is not allowed here');
    const own = await sendWithId('GET', '/api/v1/films/compressed-418-text');
    expect([own.status, own.type, own.body]).toEqual([418, undefined, 'a body of its own']);
  });
});
