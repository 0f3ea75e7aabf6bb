/**
 * The production server (the image's `node serve.mjs`) at its edges: no socket is held without an
 * answer (Upgrade requests on any path, headers that never finish), SIGTERM under keep-alive load
 * resets no request, and no log line carries a one-time password link's token.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db';
import { hashLinkToken } from '../../lib/users/create-password-link';
import { startProductionServer, type ProductionServer } from '../../test-support/production-server';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import { freshDatabase, waitFor, type TestDatabase } from './support';

const SLOW = { timeout: 240_000 };
const AUTH_SECRET = randomBytes(48).toString('base64url');

let build: OpsBuild;
let database: TestDatabase;
let workDir: string;
const servers: ProductionServer[] = [];

async function startServer(env: Record<string, string> = {}): Promise<ProductionServer> {
  const server = await startProductionServer({
    build,
    logDir: workDir,
    name: 'edges',
    env: { DATABASE_URL: database.url, AUTH_SECRET, REDIS_URL: '', ...env },
  });
  servers.push(server);
  return server;
}

async function stop(server: ProductionServer) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

type RawExchange = { received: string; closed: boolean; error?: string };

/**
 * A raw connection that sends `bytes` and then nothing: what came back, and whether the server
 * closed the connection before `deadline` (a promise that settles when the test stops waiting).
 */
function rawExchange(port: number, bytes: string, deadline: Promise<void>): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const result: RawExchange = { received: '', closed: false };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (result.received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (result.error = error.code ?? error.message));
    socket.once('connect', () => socket.write(bytes));
    socket.once('close', () => {
      result.closed = true;
      resolve(result);
    });
    void deadline.then(() => {
      if (result.closed) return;
      socket.destroy();
      resolve({ ...result, closed: false });
    });
  });
}

/** A promise settled after `ms` (the most a test waits for something), and its timer's cancel. */
function deadlineIn(ms: number) {
  let timer!: NodeJS.Timeout;
  const reached = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return { reached, cancel: () => clearTimeout(timer) };
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-edges-'));
  build = await ensureOpsBuild();
  database = await freshDatabase('edges');
}, 600_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stop(server).catch(() => {})));
  await database?.drop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('no socket is held without an answer', () => {
  // Next's own pages and assets, an API route, a missing page: Next handles an Upgrade differently on each.
  const PATHS = ['/_next/x', '/_next/static/chunks/x.js', '/_next/webpack-hmr', '/', '/api/health', '/films/no-such-film', '/login'];

  it('500 WebSocket Upgrade requests, on any path: each answered 400 with Connection: close, and its connection closed', SLOW, async () => {
    const server = await startServer();
    // Next attaches its own Upgrade handling on the first request it serves (the start-up probe was one).
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const deadline = deadlineIn(60_000);
    const exchanges = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        rawExchange(
          server.port,
          [
            `GET ${PATHS[i % PATHS.length]} HTTP/1.1`,
            'Host: 127.0.0.1',
            'Connection: Upgrade',
            'Upgrade: websocket',
            'Sec-WebSocket-Version: 13',
            'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
            '',
            '',
          ].join('\r\n'),
          deadline.reached,
        ),
      ),
    );
    deadline.cancel();
    const wrong = exchanges
      .map((exchange, i) => ({ path: PATHS[i % PATHS.length], ...exchange, head: exchange.received.split('\r\n\r\n')[0] }))
      .filter(({ closed, head }) => !closed || !/^HTTP\/1\.1 400 /.test(head) || !/\r\nconnection: close\r\n/i.test(`${head}\r\n`));
    expect(
      wrong.slice(0, 5).map(({ path, closed, head, error }) => ({ path, closed, head, error })),
      `${wrong.length} of 500 not answered 400 and closed`,
    ).toEqual([]);
    await stop(server);
  });

  it('a request whose headers never finish, and a connection that sends nothing, are closed after HEADERS_TIMEOUT_MS', SLOW, async () => {
    const server = await startServer({ HEADERS_TIMEOUT_MS: '1000' });
    const deadline = deadlineIn(20_000);
    const [partial, silent] = await Promise.all([
      rawExchange(server.port, 'GET /api/hea', deadline.reached),
      rawExchange(server.port, '', deadline.reached),
    ]);
    deadline.cancel();
    expect(partial.closed, 'the partial request line').toBe(true);
    expect(partial.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(silent.closed, 'the silent connection').toBe(true);
    // The server still serves.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await stop(server);
  });
});

describe('SIGTERM under keep-alive load', () => {
  it(
    '50 keep-alive clients, the process stalled just after the signal: every request is answered whole or refused before it is sent, none is reset',
    SLOW,
    async () => {
      const server = await startServer();
      const PAGES = ['/api/health', '/', '/login', '/films/no-such-film'];
      type Outcome = { status?: number; complete?: boolean; connection?: string; error?: string; afterSignal: boolean };
      const outcomes: Outcome[] = [];
      let signalled = false;

      const get = (agent: http.Agent, pathname: string) =>
        new Promise<Outcome>((resolve) => {
          const afterSignal = signalled;
          const outgoing = http.get({ host: '127.0.0.1', port: server.port, path: pathname, agent }, (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode, complete: response.complete, connection: response.headers.connection, afterSignal }),
            );
            response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, afterSignal }));
          });
          outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, afterSignal }));
        });

      // Each client: one keep-alive connection (a browser, a balancer's pool), a request every 50 to
      // 250 ms, until the port refuses one.
      const clients = Array.from({ length: 50 }, async (_, n) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        try {
          for (let i = n; ; i++) {
            const outcome = await get(agent, PAGES[i % PAGES.length]);
            outcomes.push(outcome);
            if (outcome.error) return;
            await new Promise((resolve) => setTimeout(resolve, 50 + ((n * 37 + i * 11) % 200)));
          }
        } finally {
          agent.destroy();
        }
      });
      await waitFor('every client to have been answered a few times', async () => outcomes.length >= 200, 60_000, 20);
      signalled = true;
      server.child.kill('SIGTERM');
      await waitFor('the shutdown to start', async () => fs.readFileSync(server.logFile, 'utf8').includes('shutting down'), 30_000, 10);
      // The process stalls (CPU throttled, a long pause) for longer than a second: the requests the
      // clients send meanwhile on their idle connections wait in the socket buffers, unread.
      server.child.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      server.child.kill('SIGCONT');
      await Promise.all(clients);
      expect(await server.exited).toBe(0);

      const failed = outcomes.filter(({ error, status, complete }) =>
        error ? error !== 'ECONNREFUSED' : !complete || status === undefined,
      );
      expect(failed, `${failed.length} of ${outcomes.length} requests failed`).toEqual([]);
      expect(
        outcomes.filter(({ status }) => status !== undefined && status >= 500),
        'server errors',
      ).toEqual([]);
      // The window was hit: requests sent after the signal on open connections were answered.
      expect(outcomes.filter(({ afterSignal, status }) => afterSignal && status !== undefined).length).toBeGreaterThan(0);
      expect(outcomes.filter(({ error }) => error === 'ECONNREFUSED')).toHaveLength(50);
    },
  );
});

describe('no one-time token in the logs', () => {
  it('opening and redeeming an invitation link logs the route pattern, never the token', SLOW, async () => {
    const client = createDbClient(database.url);
    const token = randomBytes(32).toString('base64url');
    try {
      const user = await client.user.create({
        data: { email: `invited-${randomBytes(4).toString('hex')}@example.com`, passwordHash: '!' },
      });
      await client.passwordLink.create({
        data: { userId: user.id, purpose: 'invite', tokenHash: hashLinkToken(token), expiresAt: new Date(Date.now() + 3_600_000) },
      });
    } finally {
      await client.$disconnect();
    }
    const server = await startServer();
    const page = await fetch(`${server.url}/set-password/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Welcome');
    // The form's RSC request and a query naming a token, as a client might send them.
    expect(
      (await fetch(`${server.url}/set-password/${token}?token=${token}&_rsc=x`, { headers: { rsc: '1' }, redirect: 'manual' })).status,
    ).toBeLessThan(400);
    const password = `pw-${randomBytes(8).toString('hex')}`;
    const redeemed = await fetch(`${server.url}/api/password-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, newPassword: password, confirmPassword: password }),
    });
    expect(redeemed.status, await redeemed.clone().text()).toBe(200);
    // Used up: the page now says so, with 410 Gone (and is logged the same way).
    const gone = await fetch(`${server.url}/set-password/${token}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('cannot be used');
    await stop(server);

    const log = fs.readFileSync(server.logFile, 'utf8');
    expect(log).not.toContain(token);
    expect(log).not.toContain(password);
    const requests = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; path?: string; method?: string })
      .filter((line) => line.msg === 'request');
    expect(requests.filter(({ path }) => path === '/set-password/:token')).toHaveLength(3);
    expect(requests.filter(({ method, path }) => method === 'POST' && path === '/api/password-link')).toHaveLength(1);
  });
});
