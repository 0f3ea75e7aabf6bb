/**
 * What the Docker image runs, and several instances of it, on this machine without Docker:
 *
 * - the standalone build made like the image's (scripts/ops/ops-build.ts: no database at build
 *   time, a fixed Server Actions key), run by the image's command (`node serve.mjs`);
 * - a fresh database migrated by the `migrate` service's command, with the demo content;
 * - two instances on different ports sharing that database and one Redis (a key prefix of this
 *   run's own); instance B reaches both through TCP proxies the test can cut.
 *
 * It checks health, readiness, a reader page and sign-in; that a page cached by one instance is
 * served by the other; that a publish through A's editorial API shows on B's next request; that
 * sessions, sign-in rate limits and the Server Actions key hold across instances; request ids and
 * JSON logs without secrets; readiness failing and recovering with the database; Redis going away
 * costing misses, not errors; and a graceful shutdown on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from '../../lib/rate-limit/sign-in-limiter';
import { demoDatabase } from '../../test-support/demo-database';
import { credentialsSignIn, editorApi } from '../../test-support/editor-api';
import { startProductionServer, type ProductionServer } from '../../test-support/production-server';
import { ensureOpsBuild, type OpsBuild } from './ops-build';
import {
  REDIS_TEST_URL,
  buildModule,
  deleteRedisKeys,
  hostPort,
  startTcpProxy,
  testPrefix,
  waitFor,
  type Env,
  type TestDatabase,
} from './support';

const FILM = 'kiss-and-cry';
/** Several renders and publishes per test, on a machine other builds may be loading. */
const SLOW = { timeout: 180_000 };
let DEMO_PASSWORD: string;
const AUTH_SECRET = randomBytes(48).toString('base64url');

type Instance = ProductionServer;

let build: OpsBuild;
let database: TestDatabase;
let prefix: string;
let token: string;
let dbProxy: Awaited<ReturnType<typeof startTcpProxy>>;
let redisProxy: Awaited<ReturnType<typeof startTcpProxy>>;
let a: Instance;
let b: Instance;
let logDir: string;
const instances: Instance[] = [];

async function startInstance(name: string, env: Env): Promise<Instance> {
  const instance = await startProductionServer({ build, logDir, name, env });
  instances.push(instance);
  return instance;
}

/** The instance's log, one parsed JSON object per line (a line that isn't JSON fails the test). */
function logLines(instance: Instance): Array<Record<string, unknown>> {
  return fs
    .readFileSync(instance.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`${instance.name} logged a line that is not JSON: ${line.slice(0, 200)}`);
      }
    });
}

async function get(instance: Instance, pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${instance.url}${pathname}`, { headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const api = (instance: Instance) => editorApi(instance.url, token, { timeoutMs: 60_000 });
const signIn = (instance: Instance, email: string, password: string) => credentialsSignIn(instance.url, { email, password });
const publishTitle = (instance: Instance, title: string) => api(instance).publishTitle(FILM, title);

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-ops-'));
  build = await ensureOpsBuild();
  ({ database, token, demoPassword: DEMO_PASSWORD } = await demoDatabase('ops', { tokenName: 'ops test' }));

  prefix = testPrefix('ops');
  const dbTarget = new URL(database.url);
  dbProxy = await startTcpProxy({ host: dbTarget.hostname, port: Number(dbTarget.port || 5432) });
  redisProxy = await startTcpProxy(hostPort(REDIS_TEST_URL));
  const viaProxy = new URL(database.url);
  viaProxy.port = String(dbProxy.port);
  // The same Redis database (the URL's path) through the proxy.
  const redisViaProxy = new URL(REDIS_TEST_URL);
  redisViaProxy.hostname = '127.0.0.1';
  redisViaProxy.port = String(redisProxy.port);
  const shared = { AUTH_SECRET, DEMO_PASSWORD, CACHE_KEY_PREFIX: prefix, DATABASE_REPLICA_URLS: '' };
  [a, b] = await Promise.all([
    startInstance('a', { ...shared, DATABASE_URL: database.url, REDIS_URL: REDIS_TEST_URL }),
    startInstance('b', { ...shared, DATABASE_URL: viaProxy.toString(), REDIS_URL: redisViaProxy.toString() }),
  ]);
}, 30 * 60_000);

afterAll(async () => {
  const { stopChild } = await buildModule();
  await Promise.all(instances.map((instance) => stopChild(instance.child, 10_000)));
  await dbProxy?.stop();
  await redisProxy?.stop();
  await database?.drop();
  if (prefix) await deleteRedisKeys(prefix).catch(() => {});
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
}, 60_000);

describe("the image's server (standalone server.js through serve.mjs)", SLOW, () => {
  it('answers health and readiness', async () => {
    for (const instance of [a, b]) {
      const health = await get(instance, '/api/health');
      expect(health.status).toBe(200);
      // Ready once the first database connection is made (a cold start may take a few probes).
      const ready = await waitFor(
        '/api/ready',
        async () => {
          const answer = await get(instance, '/api/ready');
          return answer.status === 200 ? answer : null;
        },
        60_000,
        500,
      );
      expect(JSON.parse(ready.text)).toMatchObject({ status: 'ready', database: 'ok' });
    }
  });

  it('lists the demo film on the home page from the first visit, though the image was built without a database', async () => {
    // Nothing has asked for "/" yet. The build prerendered an empty list; the shared cache has no
    // entry for it, so the first visit renders the page with the data.
    for (const instance of [a, b]) {
      const home = await get(instance, '/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('Kiss and Cry');
    }
  });

  it('renders a reader page of the demo film', async () => {
    const page = await get(a, `/films/${FILM}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Kiss and Cry');
  });

  it('signs in on one instance, and the session works on the other (one AUTH_SECRET)', async () => {
    const { session, error } = await signIn(a, 'admin@example.com', DEMO_PASSWORD);
    expect(error).toBeNull();
    expect(session).toBeTruthy();
    const editorOnB = await get(b, '/editor', { cookie: session! });
    expect(editorOnB.status).toBe(200);
    const anonymous = await get(b, '/editor');
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
  });

  it('was built with the given Server Actions key, shared by every instance of the build', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(build.distDir, 'server', 'server-reference-manifest.json'), 'utf8'));
    expect(manifest.encryptionKey).toBe(build.serverActionsKey);
  });
});

describe('two instances, one database, one Redis', SLOW, () => {
  it('a page one instance rendered is served from the shared cache by the other', async () => {
    const first = await get(a, `/films/${FILM}?spoilers=full`);
    expect(first.status).toBe(200);
    const second = await get(b, `/films/${FILM}?spoilers=full`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-nextjs-cache')).toBe('HIT');
  });

  it("a publish through instance A shows on instance B's next request", async () => {
    // B has the page cached.
    await get(b, `/films/${FILM}`);
    const cached = await get(b, `/films/${FILM}`);
    expect(cached.headers.get('x-nextjs-cache')).toBe('HIT');
    const marker = `Kiss and Cry ${randomBytes(4).toString('hex')}`;
    expect(cached.text).not.toContain(marker);

    await publishTitle(a, marker);

    const film = await get(b, `/films/${FILM}`);
    expect(film.status).toBe(200);
    expect(film.text).toContain(marker);
    // Pages tagged `films` (the home page lists the film) and the public API too.
    expect((await get(b, '/')).text).toContain(marker);
    expect(JSON.parse((await get(b, `/api/v1/films/${FILM}`)).text)).toMatchObject({ title: marker });
    // And the other way round.
    const again = `Kiss and Cry ${randomBytes(4).toString('hex')}`;
    await publishTitle(b, again);
    expect((await get(a, `/films/${FILM}`)).text).toContain(again);
  });

  it('counts failed sign-ins across instances (rate limit in Redis)', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    for (let i = 0; i < SIGN_IN_THROTTLE.accountAndAddress.free; i++) {
      const { error } = await signIn(i % 2 === 0 ? a : b, email, 'wrong password');
      expect(error, `attempt ${i + 1}`).toBe('CredentialsSignin');
    }
    // The next attempt is refused, on either instance.
    expect((await signIn(b, email, 'wrong password')).error).toMatch(/^TooManyAttempts:\d+$/);
    expect((await signIn(a, email, 'wrong password')).error).toMatch(/^TooManyAttempts:\d+$/);
  });

  it('editing presence and its soft lock hold across instances', async () => {
    const beat = async (instance: Instance, session: string, tabId: string, action = 'heartbeat') => {
      const response = await fetch(`${instance.url}/api/v1/editor/films/${FILM}/presence`, {
        method: 'POST',
        headers: { cookie: session, 'content-type': 'application/json', origin: instance.url },
        body: JSON.stringify({ tabId, action }),
      });
      expect(response.status, `${instance.name} ${action}`).toBe(200);
      return (await response.json()) as { holdsLock: boolean; lockHolder: { user: string } | null; others: Array<{ user: string }> };
    };
    const admin = (await signIn(a, 'admin@example.com', DEMO_PASSWORD)).session!;
    const editor = (await signIn(b, 'editor@example.com', DEMO_PASSWORD)).session!;
    const adminTab = `tab-admin-${randomBytes(4).toString('hex')}`;
    const editorTab = `tab-editor-${randomBytes(4).toString('hex')}`;

    await beat(a, admin, adminTab, 'take-over');
    const seenOnB = await beat(b, editor, editorTab);
    expect(seenOnB.holdsLock).toBe(false);
    expect(seenOnB.lockHolder?.user).toBe('admin@example.com');

    expect((await beat(b, editor, editorTab, 'take-over')).holdsLock).toBe(true);
    const seenOnA = await beat(a, admin, adminTab);
    expect(seenOnA.holdsLock).toBe(false);
    expect(seenOnA.lockHolder?.user).toBe('editor@example.com');
    expect(seenOnA.others.map((o) => o.user)).toContain('editor@example.com');
  });
});

describe('operations', SLOW, () => {
  it('tags every request with an id (kept from the balancer, else generated) and logs JSON lines', async () => {
    const id = `ops-${randomBytes(8).toString('hex')}`;
    const kept = await get(a, '/api/v1/films', { 'x-request-id': id });
    expect(kept.headers.get('x-request-id')).toBe(id);
    const generated = await get(a, '/api/v1/films');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A value that isn't an id (log forging) is replaced.
    const forged = await get(a, '/api/v1/films', { 'x-request-id': 'bad id\twith spaces' });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const line = await waitFor('the access log line', async () => logLines(a).find((l) => l.requestId === id));
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/v1/films', status: 200 });
    expect(typeof line.durationMs).toBe('number');
  });

  it('logs no secret: passwords, the session secret, tokens, database credentials', async () => {
    const dbPassword = new URL(database.url).password;
    const secrets = [AUTH_SECRET, DEMO_PASSWORD, token, ...(dbPassword ? [decodeURIComponent(dbPassword)] : [])];
    for (const instance of [a, b]) {
      const text = fs.readFileSync(instance.logFile, 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${instance.name} logged a secret`).toBe(false);
      expect(logLines(instance).length).toBeGreaterThan(5);
    }
  });

  it('Redis going away costs cache misses, not errors; the cache is used again when it is back', async () => {
    await redisProxy.close();
    try {
      for (const pathname of [`/films/${FILM}`, '/', `/api/v1/films/${FILM}`]) {
        const response = await get(b, pathname);
        expect(response.status, pathname).toBe(200);
      }
      // A publish on A while B can't reach Redis: B must still not serve what it had cached.
      const marker = `Kiss and Cry ${randomBytes(4).toString('hex')}`;
      await publishTitle(a, marker);
      expect((await get(b, `/films/${FILM}`)).text).toContain(marker);
    } finally {
      await redisProxy.open();
    }
    await waitFor(
      'B to use the cache again',
      async () => {
        await get(b, `/films/${FILM}?spoilers=light`);
        return (await get(b, `/films/${FILM}?spoilers=light`)).headers.get('x-nextjs-cache') === 'HIT';
      },
      60_000,
      500,
    );
  });

  it('readiness fails while the database is unreachable and recovers by itself', async () => {
    await dbProxy.close();
    try {
      const down = await waitFor(
        '/api/ready to fail',
        async () => {
          const ready = await get(b, '/api/ready');
          return ready.status === 503 ? ready : null;
        },
        60_000,
        250,
      );
      expect(JSON.parse(down.text)).toMatchObject({ status: 'unavailable' });
      // Liveness doesn't depend on the database: the instance is not restarted for it.
      expect((await get(b, '/api/health')).status).toBe(200);
    } finally {
      await dbProxy.open();
    }
    await waitFor('/api/ready to recover', async () => (await get(b, '/api/ready')).status === 200, 60_000, 250);
  });

  it('on SIGTERM: stops accepting, finishes the request in flight, closes the pools, exits 0', async () => {
    // A publish whose body is still arriving when the signal comes.
    const draft = await api(a).ok('GET', `/api/v1/editor/films/${FILM}`);
    const saved = await api(a).call('PUT', `/api/v1/editor/films/${FILM}`, {
      baseRevision: draft.revision,
      content: { ...draft.content, title: 'Kiss and Cry (last)' },
    });
    expect(saved.status).toBe(200);
    const body = JSON.stringify({ revision: saved.body.revision });
    const url = new URL(`${a.url}/api/v1/editor/films/${FILM}/publish`);
    let request!: http.ClientRequest;
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
    });
    request.write(body.slice(0, 5));
    request.flushHeaders();
    await new Promise((resolve) => setTimeout(resolve, 500));

    a.child.kill('SIGTERM');
    await waitFor('the shutdown to start', async () => logLines(a).some((l) => String(l.msg).startsWith('shutting down')), 10_000, 50);
    // New connections are refused while the request in flight goes on.
    await waitFor(
      'new connections to be refused',
      async () => {
        try {
          await fetch(`${a.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
          return false;
        } catch {
          return true;
        }
      },
      10_000,
      100,
    );

    request.end(body.slice(5));
    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ slug: FILM, revision: saved.body.revision });

    expect(await a.exited).toBe(0);
    const done = logLines(a).find((l) => l.msg === 'shut down');
    expect(done?.closed).toEqual(expect.arrayContaining(['database', 'rate-limit redis', 'redis cache']));
    // The publish landed: B shows it.
    expect((await get(b, `/films/${FILM}`)).text).toContain('Kiss and Cry (last)');
  });
});
