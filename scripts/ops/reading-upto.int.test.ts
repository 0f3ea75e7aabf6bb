/**
 * Reading up to a point through the production server (server/serve.mjs with its front cache, the
 * build e2e runs, a real PostgreSQL with the demo film): at every point, nothing revealed after it
 * is in the page, its RSC payload or the JSON; a page read up to a point (by the cookie or by
 * `?upto=`) is never answered under a plain level's key, nor a level's page under a point's; the
 * cookie's point is private and never in an address; a client's own decision header is ignored.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { seedDemo } from '../../test-support/demo-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SLUG } from '../../e2e/reader-demo';
import { EVENTS, NOTE_KINDS_LINE, leaksIn, probesAt, probesAtLevel, readable } from '../../e2e/upto-probes';
import { ensureOpsBuild } from './ops-build';
import { REPO_ROOT, freshDatabase, type TestDatabase } from './support';

const FILM = `/films/${DEMO_SLUG}`;
const API = `/api/v1/films/${DEMO_SLUG}`;
// In this test's own range of ports.
const PORT = Number(process.env.UPTO_TEST_PORT ?? 4151);

let database: TestDatabase;
let server: { url: string; stop: () => Promise<void> };

type Answer = { status: number; headers: Headers; body: string };
async function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${pathname}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** An RSC request is first redirected to add its cache-busting `_rsc` parameter; followed with the same headers. */
async function getRsc(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const first = await get(pathname, { ...headers, RSC: '1' });
  const location = first.headers.get('location');
  if (first.status !== 307 || !location) return first;
  const next = new URL(location, server.url);
  return get(next.pathname + next.search, { ...headers, RSC: '1' });
}

beforeAll(async () => {
  const { startStandaloneServer } = (await import(path.join(REPO_ROOT, 'scripts/lib/build.mjs'))) as {
    startStandaloneServer: (options: {
      port: number;
      serverJs: string;
      env: Record<string, string>;
      stdio: 'ignore';
    }) => Promise<typeof server>;
  };
  database = await freshDatabase('upto');
  await seedDemo(database.url);
  const build = await ensureOpsBuild();
  server = await startStandaloneServer({
    port: PORT,
    serverJs: build.serverJs,
    env: { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(48).toString('base64url'), REDIS_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}, 1_200_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('reading up to a point, on the production server', () => {
  it('sends nothing revealed after the point, at every point, by cookie and by address, in HTML, RSC and JSON', async () => {
    for (let n = 1; n <= EVENTS; n++) {
      const { hidden, shown } = probesAt(n);
      const cookie = { Cookie: `spoilers=full~${DEMO_SLUG}.${n}` };
      const answers = {
        'cookie HTML': await get(FILM, cookie),
        'cookie JSON': await get(API, cookie),
        'address HTML': await get(`${FILM}?upto=${n}`),
        'address RSC': await getRsc(`${FILM}?upto=${n}`),
        'address JSON': await get(`${API}?upto=${n}`),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.status, `${name} at ${n}`).toBe(200);
        expect(leaksIn(answer.body, hidden), `${name} at ${n}`).toEqual([]);
        if (!name.includes('RSC')) expect(leaksIn(answer.body, shown).length, `${name} at ${n} shows what was revealed`).toBe(shown.length);
      }
      expect(answers['address RSC'].headers.get('content-type'), `address RSC at ${n}`).toMatch(/^text\/x-component/u);
      // What the content notes warn about, at every point, while their words keep their level.
      for (const name of ['cookie HTML', 'address HTML'] as const)
        expect(readable(answers[name].body), `${name} at ${n}`).toContain(NOTE_KINDS_LINE);
      expect(JSON.parse(answers['address JSON'].body).kind.contentNoteKinds, `JSON at ${n}`).toEqual(['illness', 'death']);
      // The cookie's choice is kept by a shared cache only under that cookie (Vary: Cookie, a
      // canonical value: docs/deploy.md), and never put into an address.
      expect(answers['cookie HTML'].headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=/u);
      expect(answers['cookie HTML'].headers.get('vary')).toMatch(/cookie/iu);
      expect(answers['cookie JSON'].headers.get('cache-control')).toMatch(/private/u);
      expect(answers['cookie HTML'].headers.get('location')).toBeNull();
      expect(answers['address HTML'].headers.get('cache-control')).not.toMatch(/private/u);
    }
  });

  it('never answers a point under a level’s key, nor a level under a point’s, whatever the caches kept', async () => {
    const early = probesAt(1).hidden;
    // Fill Next's page cache and the front cache with every kind of answer, several times over.
    for (let i = 0; i < 3; i++)
      for (const headers of <Array<Record<string, string>>>[
        {},
        { Cookie: `spoilers=${DEMO_SLUG}.1` },
        { Cookie: `spoilers=${DEMO_SLUG}.${EVENTS}` },
        { Cookie: 'spoilers=full' },
      ]) {
        await get(FILM, headers);
        await get(`${FILM}?upto=${EVENTS}`, headers);
        await get(`${FILM}?spoilers=full`, headers);
      }
    const repeated = await get(`${FILM}?upto=${EVENTS}`);
    expect(repeated.headers.get('x-front-cache')).toBe('HIT');

    // A reader without a choice, and one at none, get the no-spoiler page, never a point's page.
    for (const headers of <Array<Record<string, string>>>[{}, { Cookie: 'spoilers=none' }, { Cookie: `spoilers=none~${DEMO_SLUG}.none` }]) {
      const plain = await get(FILM, headers);
      expect(plain.body).not.toContain('data-upto-showing');
      expect(leaksIn(plain.body, probesAtLevel('none').hidden)).toEqual([]);
    }
    // A reader at point 1 gets point 1, whoever asked for everything before.
    for (const headers of [{ Cookie: `spoilers=full~${DEMO_SLUG}.1` }, { Cookie: `spoilers=${DEMO_SLUG}.1` }]) {
      const point = await get(FILM, headers);
      // As the page reads: React separates the text's parts with `<!-- -->` in the HTML.
      expect(readable(point.body)).toContain('up to event 1 of');
      expect(leaksIn(point.body, early)).toEqual([]);
    }
    expect(leaksIn((await get(`${FILM}?upto=1`)).body, early)).toEqual([]);
    // A full reader still gets the whole page (the point's page is not theirs either).
    const full = await get(FILM, { Cookie: 'spoilers=full' });
    expect(full.body).not.toContain('data-upto-showing');
    expect(leaksIn(full.body, early).length).toBe(early.length);
  });

  it('answers out-of-range points: nothing seen yet redirects to no spoilers, past the last event is not found', async () => {
    for (const address of [`${FILM}/upto/0`, `${FILM}?upto=0`, `${FILM}?upto=0&upto=4`, `${API}?upto=0`]) {
      const answer = await get(address);
      expect(answer.status, address).toBe(308);
      expect(answer.headers.get('location'), address).toMatch(/\?spoilers=none$/u);
    }
    for (const address of [`${FILM}/upto/${EVENTS + 1}`, `${FILM}/upto/99`, `${FILM}?upto=99`, `${API}?upto=${EVENTS + 1}`])
      expect((await get(address)).status, address).toBe(404);
    // A cookie that says nothing seen yet (written before that meant no spoilers): the no-spoiler page.
    const start = await get(FILM, { Cookie: `spoilers=full~${DEMO_SLUG}.0` });
    expect(start.status).toBe(200);
    expect(start.body).not.toContain('data-upto-showing');
    expect(leaksIn(start.body, probesAtLevel('none').hidden)).toEqual([]);
  });

  it('ignores a decision header sent by the client', async () => {
    for (const value of [`none;query;upto=${EVENTS}`, `full;route`, `none;cookie;upto=${EVENTS}`]) {
      const page = await get(FILM, { 'x-reader-level': value });
      expect(leaksIn(page.body, probesAtLevel('none').hidden), value).toEqual([]);
      expect(page.body).not.toContain('data-upto-showing');
      const json = await get(API, { 'x-reader-level': value });
      expect(JSON.parse(json.body)).not.toHaveProperty('upto');
      expect(JSON.parse(json.body).level).toBe('none');
    }
  });
});
