/**
 * The encoding Next sends for an Accept-Encoding header, checked against the compression
 * middleware Next itself runs, on real HTTP, for generated headers: the front cache sends its
 * stored gzip as it is exactly when Next would have sent gzip.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/entry-points';
import { createFrontCache } from './front-cache.mjs';
import { sentEncoding } from './sent-encoding.mjs';

// Next's router server compresses with this module (next/dist/server/lib/router-server.js).
const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as () => (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  next: () => void,
) => void;

const BODY = '<!DOCTYPE html>' + '<p>a page well above the compression threshold</p>'.repeat(100);
let server: http.Server;
let port: number;

beforeAll(async () => {
  const compress = compression();
  server = http.createServer((request, response) =>
    compress(request, response, () => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(BODY);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The Content-Encoding Next's compression sends for this header (node:http: no client decoding). */
function sentBy(acceptEncoding: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(String(response.headers['content-encoding'] ?? 'identity')));
      },
    );
    request.on('error', reject);
  });
}

// What browsers and common clients send.
const SEEN: Array<[string | undefined, string]> = [
  ['gzip, deflate, br, zstd', 'gzip'], // Chrome, Edge, Firefox
  ['gzip, deflate, br', 'gzip'], // Safari, older browsers
  ['gzip, deflate', 'gzip'], // Node's fetch
  ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'gzip'], // Alamofire
  ['gzip', 'gzip'],
  ['*', 'gzip'],
  ['deflate', 'deflate'],
  ['deflate, gzip;q=0.5', 'gzip'],
  ['gzip;q=0, deflate', 'deflate'],
  ['br', 'identity'],
  ['zstd, br', 'identity'],
  ['identity', 'identity'],
  ['', 'identity'],
  [undefined, 'identity'], // curl without --compressed
  ['gzip;q=0.1, identity;q=0.5', 'identity'],
];

describe('sentEncoding', () => {
  it.each(SEEN)('%j → %s, as Next sends it', async (header, expected) => {
    expect(sentEncoding(header)).toBe(expected);
    expect(await sentBy(header)).toBe(expected);
  });

  it('agrees with Next’s compression on generated Accept-Encoding headers', async () => {
    const coding = fc.constantFrom('gzip', 'GZIP', 'deflate', 'br', 'zstd', 'identity', '*', 'x-gzip', 'compress', '');
    const q = fc.oneof(
      fc.constant(''),
      fc.constantFrom(';q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=1.0', ';q=abc', ';q=', '; q=0.2', ';level=1;q=0.3'),
      fc.double({ min: 0, max: 1, noNaN: true }).map((n) => `;q=${n.toFixed(3)}`),
    );
    const header = fc
      .array(fc.tuple(coding, q, fc.constantFrom(',', ', ', ' , ')), { maxLength: 5 })
      .map((parts) => parts.map(([c, w, separator], i) => `${i ? separator : ''}${c}${w}`).join(''));
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        expect(sentEncoding(value), JSON.stringify(value)).toBe(await sentBy(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the front cache key', () => {
  it('is one per page and level whatever the reader accepts; whether the stored gzip goes out as it is follows the negotiation; deflate is left to Next', async () => {
    const cache = await createFrontCache(REPO_ROOT);
    const decision = { level: 'none', source: 'cookie' } as const;
    const keyedFor = (acceptEncoding?: string) => {
      const request = {
        method: 'GET',
        url: '/films/kiss-and-cry',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      } as unknown as http.IncomingMessage;
      return cache.keyOf(request, decision);
    };
    for (const [header, sent] of SEEN) {
      const keyed = keyedFor(header);
      if (sent === 'deflate') expect(keyed, String(header)).toBeNull();
      else expect(keyed, String(header)).toEqual({ key: '/films/kiss-and-cry\nnone', level: 'none', takesGzip: sent === 'gzip' });
    }
  });
});
