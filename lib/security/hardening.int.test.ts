/**
 * Hardening through the real route handlers and server-action wrapper on a real
 * PostgreSQL: CSRF on cookie-authenticated writes, bad input as 4xx (never 5xx, nothing changed),
 * body caps, and a database outage as 503 with Retry-After (a client on a port where nothing
 * listens, and the real database behind a TCP proxy that is closed mid-run).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDbClient, db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { authOptions } from '../auth/auth-options';
import { callRoute, type RequestOptions, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import { startTcpProxy } from '@/scripts/ops/support';
import * as films from '@/app/api/v1/editor/films/route';
import * as film from '@/app/api/v1/editor/films/[slug]/route';
import * as publish from '@/app/api/v1/editor/films/[slug]/publish/route';
import * as unpublish from '@/app/api/v1/editor/films/[slug]/unpublish/route';
import * as importRoute from '@/app/api/v1/editor/import/route';
import * as people from '@/app/(editor)/editor/api/people/route';
import * as publicFilm from '@/app/api/v1/films/[slug]/route';
import * as publicQuiz from '@/app/api/v1/films/[slug]/quiz/route';
import * as attempts from '@/app/api/v1/films/[slug]/quiz/attempts/route';
import * as sitemap from '@/app/sitemap.xml/route';

vi.mock('next/cache', () => ({
  revalidatePath: () => {},
  revalidateTag: () => {},
  updateTag: () => {},
  refresh: () => {},
  unstable_cache: <T>(fn: T) => fn,
  cacheTag: () => {},
  cacheLife: () => {},
}));

type Who = Record<string, string>;
let admin: Who;
let bearer: Who;
let seq = 0;
const page = () => ({ ...sampleFilm({ slug: `sec-${Date.now().toString(36)}-${++seq}`, title: `Sec ${seq}` }), quiz: { questions: [] } });

async function call(handler: unknown, method: string, path: string, params: Record<string, string>, options: RequestOptions = {}) {
  const response = await callRoute(handler as RouteHandler, method, path, params, options);
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers, text };
}

const filmCount = () => db().film.count();

beforeAll(async () => {
  const user = await db().user.create({ data: { email: `sec-admin-${Date.now()}@test.example`, role: 'ADMIN', passwordHash: 'not-used' } });
  admin = { cookie: await sessionCookieFor(user) };
  const secret = newTokenSecret();
  await db().apiToken.create({
    data: { name: 'sec-token', role: 'ADMIN', prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: user.id },
  });
  bearer = { authorization: `Bearer ${secret}` };
});

describe('CSRF on the cookie-authenticated API', () => {
  const create = (options: RequestOptions) => call(films.POST, 'POST', '/api/v1/editor/films', {}, options);

  it('refuses a cookie write from another origin (another port of the same host) with 403, and creates nothing', async () => {
    const before = await filmCount();
    const response = await create({ headers: { ...admin, origin: 'http://cms.test:4000' }, json: { content: page() } });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatch(/Cross-origin/);
    expect((await create({ headers: { ...admin, origin: 'null' }, json: { content: page() } })).status).toBe(403);
    expect(await filmCount()).toBe(before);
  });

  it('refuses a cookie write with neither Origin nor Sec-Fetch-Site, or a cross-site Sec-Fetch-Site', async () => {
    const before = await filmCount();
    expect((await create({ headers: admin, json: { content: page() }, sameOrigin: false })).status).toBe(403);
    expect(
      (await create({ headers: { ...admin, 'sec-fetch-site': 'same-site' }, json: { content: page() }, sameOrigin: false })).status,
    ).toBe(403);
    expect(await filmCount()).toBe(before);
  });

  it('accepts a same-origin Origin, or Sec-Fetch-Site: same-origin without Origin', async () => {
    expect((await create({ headers: admin, json: { content: page() } })).status).toBe(201);
    expect(
      (await create({ headers: { ...admin, 'sec-fetch-site': 'same-origin' }, json: { content: page() }, sameOrigin: false })).status,
    ).toBe(201);
  });

  it('a cross-origin unpublish is refused and the film stays published', async () => {
    const content = page();
    expect((await create({ headers: admin, json: { content } })).status).toBe(201);
    expect((await call(publish.POST, 'POST', '/x', { slug: content.slug }, { headers: admin, json: { revision: 1 } })).status).toBe(200);
    const refused = await call(
      unpublish.POST,
      'POST',
      '/x',
      { slug: content.slug },
      { headers: { ...admin, origin: 'http://127.0.0.1:8081' } },
    );
    expect(refused.status).toBe(403);
    expect(await db().publishedFilm.count({ where: { slug: content.slug } })).toBe(1);
  });

  it('JSON bodies only as application/json: a text/plain JSON body is a 415, even same-origin', async () => {
    const before = await filmCount();
    const response = await create({ headers: admin, body: JSON.stringify({ content: page() }) });
    expect(response.status).toBe(415);
    expect(response.body.error).toMatch(/application\/json/);
    expect(await filmCount()).toBe(before);
  });

  it('Bearer-token calls are unaffected: no Origin needed', async () => {
    expect((await create({ headers: bearer, json: { content: page() }, sameOrigin: false })).status).toBe(201);
    expect((await create({ headers: { ...bearer, origin: 'http://evil.example' }, json: { content: page() } })).status).toBe(201);
  });
});

describe('bad input is a 4xx with a clear message, never a 5xx', () => {
  it('NUL or a lone surrogate in a path parameter or query: 400 naming it', async () => {
    const nul = await call(publicFilm.GET, 'GET', '/api/v1/films/kiss%00', { slug: 'kiss\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body.errors).toEqual([{ path: 'slug', message: expect.stringMatching(/NUL/) }]);
    expect((await call(publicQuiz.GET, 'GET', '/x', { slug: 'kiss\uD800' })).status).toBe(400);
    expect((await call(film.GET, 'GET', '/x', { slug: '\u0000' }, { headers: admin })).status).toBe(400);
    const query = await call(people.GET, 'GET', '/editor/api/people?q=%00', {}, { headers: admin });
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([{ path: 'q', message: expect.any(String) }]);
  });

  it('a title "\\u0000" or a lone surrogate in the content: 400 naming the field, nothing created', async () => {
    const before = await filmCount();
    const nulTitle = await call(films.POST, 'POST', '/x', {}, { headers: admin, json: { content: { ...page(), title: '\u0000' } } });
    expect(nulTitle.status).toBe(400);
    expect(nulTitle.body.errors).toEqual([{ path: 'content.title', message: expect.stringMatching(/NUL/) }]);
    const surrogate = await call(
      films.POST,
      'POST',
      '/x',
      {},
      { headers: { ...admin, 'content-type': 'application/json' }, body: '{"content":{"title":"\\ud800"}}' },
    );
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors).toEqual([{ path: 'content.title', message: expect.stringMatching(/surrogate/) }]);
    const imported = await call(importRoute.POST, 'POST', '/x', {}, { headers: admin, body: 'Title: A\u0000B\n' });
    expect(imported.status).toBe(400);
    expect(await filmCount()).toBe(before);
  });

  it('an anonymous oversized JSON body is refused with 413 before it is parsed', async () => {
    const big = JSON.stringify({ answers: { a: 'x'.repeat(200_000) } });
    const declared = await call(attempts.POST, 'POST', '/x', { slug: 'kiss-and-cry' }, { json: JSON.parse(big) });
    expect(declared.status).toBe(413);
    // A streamed body without Content-Length is cut off at the limit too.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10_000)));
        controller.close();
      },
    });
    const request = new Request('http://cms.test/x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const { NextRequest } = await import('next/server');
    const streamed = await (attempts.POST as unknown as RouteHandler)(new NextRequest(request), {
      params: Promise.resolve({ slug: 'kiss-and-cry' }) as Promise<never>,
    });
    expect(streamed.status).toBe(413);
  });

  it('a film page may be larger than a small body, up to the content cap', async () => {
    const content = { ...page(), premise: 'p'.repeat(30_000), summary: { text: 's'.repeat(39_000), spoiler: 'full' } };
    expect((await call(films.POST, 'POST', '/x', {}, { headers: admin, json: { content } })).status).toBe(201);
  });

  it('sign-in with a NUL in the email is a plain wrong sign-in, never an internal message', async () => {
    const provider = authOptions.providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    await expect(provider.options.authorize({ email: 'a\u0000@example.com', password: 'x' }, { headers: {} })).resolves.toBeNull();
  });
});

describe('a database outage is a 503 with Retry-After and a JSON body', () => {
  const globalForDb = globalThis as unknown as { prisma?: ReturnType<typeof db> };
  let saved: ReturnType<typeof db> | undefined;

  beforeAll(() => {
    saved = db();
  });
  afterAll(async () => {
    globalForDb.prisma = saved;
  });

  async function expect503(response: Promise<{ status: number; body: Record<string, unknown>; headers: Headers }>) {
    const answered = await response;
    expect(answered.status).toBe(503);
    expect(Number(answered.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answered.body.error).toMatch(/temporarily unavailable/);
  }

  it('when nothing listens on the database port: editor API, public API, quiz API, sitemap', async () => {
    globalForDb.prisma = createDbClient('postgresql://postgres@127.0.0.1:1/unreachable');
    try {
      await expect503(call(film.GET, 'GET', '/x', { slug: 'kiss-and-cry' }, { headers: admin }));
      await expect503(call(films.POST, 'POST', '/x', {}, { headers: bearer, json: { content: page() } }));
      await expect503(call(publicFilm.GET, 'GET', '/x', { slug: 'kiss-and-cry' }));
      await expect503(call(publicQuiz.GET, 'GET', '/x', { slug: 'kiss-and-cry' }));
      await expect503(call(attempts.POST, 'POST', '/x', { slug: 'kiss-and-cry' }, { json: { answers: { q1: 'o1' } } }));
      await expect503(call(sitemap.GET as RouteHandler, 'GET', '/sitemap.xml', {}));
      const provider = authOptions.providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
      await expect(
        provider.options.authorize({ email: 'someone@example.com', password: 'long enough password' }, { headers: {} }),
      ).rejects.toThrow(/^ServiceUnavailable$/);
    } finally {
      globalForDb.prisma = saved;
    }
  });

  it('when the database goes away mid-run: open connections cut, new ones refused', async () => {
    // The test database behind a TCP proxy (scripts/ops/support.ts): closing it is an outage.
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.port = String(proxy.port);
    const client = createDbClient(viaProxy.toString());
    globalForDb.prisma = client;
    try {
      expect((await call(film.GET, 'GET', '/x', { slug: 'no-such-film-here' }, { headers: admin })).status).toBe(404);
      await proxy.close();
      await expect503(call(film.GET, 'GET', '/x', { slug: 'no-such-film-here' }, { headers: admin }));
      await expect503(call(publish.POST, 'POST', '/x', { slug: 'no-such-film-here' }, { headers: bearer, json: { revision: 1 } }));
      // Back again: the same client recovers by itself.
      await proxy.open();
      expect((await call(film.GET, 'GET', '/x', { slug: 'no-such-film-here' }, { headers: admin })).status).toBe(404);
    } finally {
      globalForDb.prisma = saved;
      await proxy.close();
      await client.$disconnect().catch(() => {});
    }
  });
});
