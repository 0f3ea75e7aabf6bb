/**
 * The front cache copies each body it may store while the response is being sent; those copies
 * must not outlive the response. A response object can stay reachable long after its request (on
 * Node 20, Next's render state kept every rendered response alive, each with its body copies).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    void frontCache.handle(request, response, { key: `${request.url}\nnone\nidentity`, level: 'none', encoding: 'identity' }).then(() => {
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

describe('front cache', () => {
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
