/**
 * The front cache keeps one gzip copy of a page and serves every reader from it, compressed or
 * not, with Next's own compression middleware in front of the page as in Next's router server. It
 * copies each body it may store while the response is being sent; those copies must not outlive
 * the response. A response object can stay reachable long after its request (on Node 20, Next's
 * render state kept every rendered response alive, each with its body copies).
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStats } from '../lib/cache/bounded-cache.mjs';
import { rememberPageTags } from '../lib/cache/tag-versions.mjs';
import { RENDERED_LEVEL_HEADER } from '../lib/reader/level-cookie.mjs';
import { REPO_ROOT } from '../test-support/entry-points';
import { createFrontCache } from './front-cache.mjs';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** What the server sent, and the responses it kept (as a leak elsewhere would). */
const kept: http.ServerResponse[] = [];
const written: Array<WeakRef<Buffer>> = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  const frontCache = await createFrontCache(REPO_ROOT);
  server = http.createServer((request, response) => {
    kept.push(response);
    void frontCache.handle(request, response, { key: `${request.url}\nnone`, level: 'none', takesGzip: false }).then(() => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      for (let part = 0; part < 4; part += 1) {
        const chunk = Buffer.alloc(64 * 1024, part);
        written.push(new WeakRef(chunk));
        response.write(chunk);
      }
      const last = Buffer.alloc(16 * 1024, 9);
      written.push(new WeakRef(last));
      response.end(last);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let length = 0;
      response.on('data', (chunk: Buffer) => (length += chunk.length));
      response.on('end', () => resolve(length));
    });
    request.on('error', reject);
  });
}

/** A page as Next sends one from its page cache, behind Next's compression. */
const PAGE =
  '<!DOCTYPE html><html><body>' + Array.from({ length: 800 }, (_, i) => `<p>Line ${i} of the page.</p>`).join('') + '</body></html>';
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  next: () => void,
) => void;
let pagesServer: http.Server;
let pagesPort: number;
let rendered = 0;

beforeAll(async () => {
  const frontCache = await createFrontCache(REPO_ROOT);
  const compress = compression();
  rememberPageTags('/films/one-copy', ['film:one-copy']);
  pagesServer = http.createServer((request, response) => {
    const keyed = frontCache.keyOf(request, { level: 'none', source: 'default' } as never);
    const next = () =>
      compress(request, response, () => {
        rendered += 1;
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.setHeader('cache-control', 's-maxage=31536000');
        response.setHeader('x-nextjs-cache', 'HIT');
        response.setHeader(RENDERED_LEVEL_HEADER, 'none');
        // In parts, as a streamed render is written.
        const half = PAGE.length / 2;
        response.write(PAGE.slice(0, half));
        response.end(PAGE.slice(half));
      });
    if (keyed === null) return next();
    void frontCache.handle(request, response, keyed).then((answered) => answered || next());
  });
  await new Promise<void>((resolve) => pagesServer.listen(0, '127.0.0.1', resolve));
  pagesPort = (pagesServer.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => pagesServer.close(() => resolve())));

/** Status, headers and the bytes as they came over the wire (node:http decodes nothing). */
function fetchRaw(acceptEncoding: string | undefined, method = 'GET') {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: pagesPort,
        path: '/films/one-copy',
        method,
        agent: false,
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('front cache', () => {
  it('keeps one gzip copy of a page: readers without gzip fill it and get it decompressed, browsers get it as it is; deflate-only readers are left to Next', async () => {
    // A reader without compression first: Next is asked for gzip, the reader gets plain HTML.
    const first = await fetchRaw(undefined);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['x-front-cache']).toBeUndefined();
    expect(first.body.toString('utf8')).toBe(PAGE);
    expect(rendered).toBe(1);

    const plain = await fetchRaw(undefined);
    expect([plain.headers['x-front-cache'], plain.headers['content-encoding']]).toEqual(['HIT', undefined]);
    expect(plain.body.toString('utf8')).toBe(PAGE);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(PAGE));

    for (const header of ['gzip, deflate, br, zstd', 'gzip']) {
      const compressed = await fetchRaw(header);
      expect([compressed.headers['x-front-cache'], compressed.headers['content-encoding']], header).toEqual(['HIT', 'gzip']);
      expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
      expect(zlib.gunzipSync(compressed.body).toString('utf8')).toBe(PAGE);
    }
    const head = await fetchRaw('identity', 'HEAD');
    expect([head.headers['x-front-cache'], head.headers['content-length'], head.body.length]).toEqual([
      'HIT',
      String(Buffer.byteLength(PAGE)),
      0,
    ]);

    const deflate = await fetchRaw('deflate');
    expect([deflate.headers['x-front-cache'], deflate.headers['content-encoding']]).toEqual([undefined, 'deflate']);
    expect(rendered).toBe(2);

    // One entry, compressed: far smaller than the page.
    const front = cacheStats().caches.find((cache) => cache.name === 'front')!;
    expect(front.entries).toBe(1);
    expect(front.bytes).toBeLessThan(Buffer.byteLength(PAGE) / 4);
  });

  it('lets go of the body it copied once the response is sent, even while the response object lives on', async () => {
    expect(await get('/films/kept-response')).toBe(4 * 64 * 1024 + 16 * 1024);
    // The server's side of the exchange is over once its response closed.
    await new Promise<void>((resolve) => (kept[0].closed ? resolve() : kept[0].once('close', () => resolve())));
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(kept).toHaveLength(1);
    expect(written).toHaveLength(5);
    expect(written.filter((chunk) => chunk.deref() !== undefined)).toHaveLength(0);
  });
});
