/**
 * A database outage on the production server: its own standalone server (server/serve.mjs) on a
 * throwaway PostgreSQL (the embedded binaries) holding the demo content, which is then stopped the
 * ways an operator or a crash stops it: `pg_ctl stop -m fast` (SIGINT) and `-m immediate`
 * (SIGQUIT). Reader pages that no cache holds (a search, a person, a list page, an unknown film, an
 * unvisited level), the APIs, sign-in's session and a signed-in editor's save answer 503 with
 * Retry-After, never 500; pages a cache holds may still answer 200. When the database is back, so
 * are the pages, and the save goes through.
 *
 * And a network cut mid-query: the server reaches PostgreSQL through a small TCP proxy in this
 * test, which stops passing answers back while reader pages, APIs and saves are in flight, then
 * destroys every connection and stops listening. Those requests, and the ones after, answer 503
 * with Retry-After, never 500.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { migrate, seedDemo, startStandaloneServer } from '../scripts/lib/build.mjs';
import { createFreshDatabase } from '../scripts/lib/database.mjs';
import { startEmbeddedPostgres } from '../scripts/lib/embedded-postgres.mjs';
import { startTcpProxy } from '../test-support/tcp-proxy';
import { OWN_SERVER_JS, freePortNearE2E, ownDatabase, startServer } from './support/own-server';

test.setTimeout(10 * 60_000);

/** Each phase asks for a search and a person never asked for before (no cache can hold them). */
const fresh = (phase: string) => [`/search?q=never-searched-${phase}`, `/people/no-one-${phase}`, `/api/v1/films/never-${phase}`];
const ADDRESSES = [
  '/search?q=kiss',
  '/page/2',
  '/films/no-such-film',
  '/films/kiss-and-cry?spoilers=full',
  '/api/v1/films',
  '/api/v1/films/kiss-and-cry',
  '/api/auth/session',
  '/sitemap.xml',
];

async function statuses(base: string, phase: string) {
  const answers: { address: string; status: number; retryAfter: string | null; type: string }[] = [];
  for (const address of [...fresh(phase), ...ADDRESSES]) {
    const response = await fetch(`${base}${address}`, { redirect: 'manual', headers: { cookie: 'film-spoilers=full' } });
    await response.arrayBuffer();
    answers.push({
      address,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type') ?? '',
    });
  }
  return answers;
}

test('reader pages and APIs answer 503 with Retry-After while the database is down, never 500', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-e2e-'));
  fs.chmodSync(root, 0o755);
  const dataDir = path.join(root, 'data');
  let pg = await startEmbeddedPostgres({ dataDir, persistent: true, fast: true });
  const pgPort = pg.port;
  const databaseUrl = await createFreshDatabase(pg.adminUrl, 'outage');
  const appEnv = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'o'.repeat(48),
    CMS_DEMO_MODE: '1',
    DEMO_PASSWORD: 'demo-password',
    LOG_LEVEL: 'warn',
  };
  await migrate(databaseUrl, { quiet: true });
  await seedDemo(databaseUrl, appEnv);
  const server = await startStandaloneServer({ port: await freePortNearE2E(), serverJs: OWN_SERVER_JS, env: appEnv, stdio: 'ignore' });
  const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
  try {
    // Up: every address answers (no 5xx).
    for (const answer of await statuses(server.url, 'up')) expect(answer.status, answer.address).toBeLessThan(500);

    // An editor signed in, with a film of the test's own to save while the database is down.
    const { csrfToken } = await (await api.get('/api/auth/csrf')).json();
    const signIn = await api.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: 'editor@example.com', password: appEnv.DEMO_PASSWORD, callbackUrl: `${server.url}/editor` },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBeLessThan(400);
    const slug = `outage-save-${Date.now().toString(36)}`;
    const content = { title: `Outage Save ${slug}`, slug, premise: 'A film saved while the database is away.' };
    const created = await api.post('/api/v1/editor/films', { data: { content } });
    expect(created.status(), await created.text()).toBe(201);
    let revision = 1;
    const save = (message: string) =>
      api.put(`/api/v1/editor/films/${slug}`, {
        data: { baseRevision: revision, content: { ...content, premise: `${content.premise} ${message}` }, message },
        headers: { 'content-type': 'application/json' },
      });

    for (const signal of ['SIGINT', 'SIGQUIT'] as const) {
      process.kill(pg.pid!, signal);
      await expect
        .poll(
          () => {
            try {
              process.kill(pg.pid!, 0);
              return true;
            } catch {
              return false;
            }
          },
          { timeout: 30_000 },
        )
        .toBe(false);

      // A signed-in save first, on the pool's connections the stop has just ended, then another.
      for (const attempt of ['first', 'second']) {
        const saved = await save(`${signal} ${attempt}`);
        const body = await saved.text();
        expect(saved.status(), `the ${attempt} save with the database stopped (${signal}): ${body}`).toBe(503);
        expect(saved.headers()['retry-after'], `the ${attempt} save's Retry-After (${signal})`).toBeTruthy();
        expect(saved.headers()['content-type'], `the ${attempt} save's answer (${signal})`).toMatch(/^application\/problem\+json/);
      }

      const down = await statuses(server.url, signal);
      const wrong = down.filter(({ status, retryAfter }) => !(status < 500 || (status === 503 && retryAfter !== null)));
      expect(wrong, `with the database stopped (${signal}): ${JSON.stringify(down)}`).toEqual([]);
      // The ones no cache can hold: a search never made, a person and a film never asked for.
      const [search, person, film] = fresh(signal);
      for (const address of [search, person, film]) {
        expect(down.find((answer) => answer.address === address)?.status, address).toBe(503);
      }
      expect(down.find((answer) => answer.address === search)?.type).toMatch(/^text\/html/);
      expect(down.find((answer) => answer.address === film)?.type).toMatch(/^application\/problem\+json/);

      pg = await startEmbeddedPostgres({ dataDir, persistent: true, fast: true, port: pgPort });
      await expect.poll(async () => (await fetch(`${server.url}/search?q=kiss`)).status, { timeout: 60_000, intervals: [500] }).toBe(200);
      // Back: the save goes through, on top of the revision the database has now (this cluster
      // runs with synchronous_commit off, so a save acknowledged just before an immediate stop may
      // be gone after it: what is tested here is the answer, not durability).
      const draft = await api.get(`/api/v1/editor/films/${slug}`);
      expect(draft.status(), await draft.text()).toBe(200);
      revision = (await draft.json()).revision;
      const saved = await save(`after ${signal}`);
      expect(saved.status(), await saved.text()).toBe(200);
      revision = (await saved.json()).revision;
    }
  } finally {
    await api.dispose();
    await server.stop();
    await pg.stop().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a network cut mid-query: reader pages, APIs and saves answer 503 with Retry-After, never 500', async () => {
  const database = await ownDatabase('proxycut');
  await database.seed();
  const target = new URL(database.url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, await freePortNearE2E());
  const throughProxy = new URL(database.url);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  const server = await startServer({ ...database.appEnv, DATABASE_URL: throughProxy.toString() });
  const api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { origin: server.url } });
  try {
    const { csrfToken } = await (await api.get('/api/auth/csrf')).json();
    const signIn = await api.post('/api/auth/callback/credentials', {
      form: { csrfToken, email: 'editor@example.com', password: 'demo-password', callbackUrl: `${server.url}/editor` },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBeLessThan(400);
    const draft = await (await api.get('/api/v1/editor/films/kiss-and-cry')).json();
    expect(draft.revision).toBeGreaterThan(0);
    const save = (message: string) =>
      api.put('/api/v1/editor/films/kiss-and-cry', {
        data: { baseRevision: draft.revision, content: draft.content, message },
        headers: { 'content-type': 'application/json' },
      });
    type Answer = { address: string; status: number; retryAfter: string | null };
    const ask = async (phase: string): Promise<Answer[]> =>
      Promise.all([
        ...[...fresh(phase), ...ADDRESSES].map(async (address) => {
          const response = await api.get(address, { maxRedirects: 0, headers: { cookie: 'film-spoilers=full' } });
          return { address, status: response.status(), retryAfter: response.headers()['retry-after'] ?? null };
        }),
        (async () => {
          const response = await save(`cut ${phase}`);
          return { address: `PUT save (${phase})`, status: response.status(), retryAfter: response.headers()['retry-after'] ?? null };
        })(),
      ]);
    const wrong = (answers: Answer[]) =>
      answers.filter(({ status, retryAfter }) => !(status < 500 || (status === 503 && retryAfter !== null)));

    for (const answer of await ask('up')) expect(answer.status, answer.address).toBeLessThan(500);

    // Mid-query: answers stop coming back, requests pile up waiting, then the network is gone.
    proxy.hold();
    const inFlight = ask('cut');
    await expect.poll(() => proxy.queriesWhileHolding(), { timeout: 30_000 }).toBeGreaterThan(2);
    await proxy.close();
    const cut = await inFlight;
    expect(wrong(cut), `cut mid-query: ${JSON.stringify(cut)}`).toEqual([]);
    expect(cut.filter(({ status }) => status === 503).length, JSON.stringify(cut)).toBeGreaterThan(0);

    // Still cut off: the fresh addresses and the save are 503s.
    const down = await ask('down');
    expect(wrong(down), `cut off: ${JSON.stringify(down)}`).toEqual([]);
    for (const address of [...fresh('down'), 'PUT save (down)'])
      expect(down.find((answer) => answer.address === address)?.status, address).toBe(503);

    await proxy.open();
    await expect.poll(async () => (await fetch(`${server.url}/search?q=kiss`)).status, { timeout: 60_000, intervals: [500] }).toBe(200);
  } finally {
    await api.dispose();
    await server.stop();
    await proxy.close();
    await database.drop().catch(() => {});
  }
});
