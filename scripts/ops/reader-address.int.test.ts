/**
 * What a reader address may name of the level, on the production server (server/serve.mjs with its
 * front cache, the ops build, a real PostgreSQL with the demo film): of a level or up-to route and
 * every `?spoilers=` / `?upto=`, the most restrictive wins, for every reader and from every cache; a
 * value that is no level or no point is a 400 naming it; a point the film does not have is a 404;
 * and none of it writes a log line above info.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemo } from '../../test-support/demo-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SLUG, demo } from '../../e2e/reader-demo';
import { EVENTS, leaksIn, probesAt, probesAtLevel } from '../../e2e/upto-probes';
import { startProductionServer, stopProductionServer, type ProductionServer } from '../../test-support/production-server';
import { ensureOpsBuild } from './ops-build';
import { freshDatabase, type TestDatabase } from './support';

const FILM = `/films/${DEMO_SLUG}`;
const API = `/api/v1/films/${DEMO_SLUG}`;
const PERSON = demo.characters.find((character) => character.playedBy)!.playedBy!.slug;

let database: TestDatabase;
let server: ProductionServer;
let logDir: string;

type Answer = { status: number; headers: Headers; body: string };
async function get(pathname: string, cookie?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

beforeAll(async () => {
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-address-'));
  const build = await ensureOpsBuild();
  database = await freshDatabase('address');
  await seedDemo(database.url);
  server = await startProductionServer({
    build,
    logDir,
    name: 'server',
    env: { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(48).toString('base64url'), REDIS_URL: '' },
  });
}, 900_000);

afterAll(async () => {
  if (server) await stopProductionServer(server);
  await database?.drop();
  if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
});

describe('reader addresses', () => {
  it('serve the most restrictive level the address names, to every reader, also from the caches', async () => {
    const none = probesAtLevel('none').hidden;
    const light = probesAtLevel('light').hidden;
    expect(none.length).toBeGreaterThan(light.length);
    const cases: Array<[string, string[]]> = [
      [`${FILM}/level/full?spoilers=none`, none],
      [`${FILM}/level/light?spoilers=none`, none],
      [`${FILM}/upto/${EVENTS}?spoilers=none`, none],
      [`${FILM}/upto/${EVENTS}?spoilers=light`, none],
      [`${FILM}?spoilers=full&spoilers=none`, none],
      [`${FILM}/level/full?spoilers=light`, light],
      [`${FILM}/level/light?spoilers=full`, light],
    ];
    for (const [pathname, hidden] of cases)
      for (const cookie of [undefined, 'spoilers=full', `spoilers=${DEMO_SLUG}.${EVENTS}`])
        // Three times: rendered, then from Next's page cache, then from the front cache.
        for (let i = 0; i < 3; i++) {
          const answer = await get(pathname, cookie);
          expect(answer.status, pathname).toBe(200);
          expect(leaksIn(answer.body, hidden), `${pathname} (${cookie ?? 'no cookie'}, ${i + 1})`).toEqual([]);
        }
    // The lower of two points, and a point with full: the point.
    const early = probesAt(2).hidden;
    for (const pathname of [`${FILM}/upto/${EVENTS}?upto=2`, `${FILM}/upto/2?spoilers=full`, `${FILM}?upto=${EVENTS}&upto=2`]) {
      const answer = await get(pathname, 'spoilers=full');
      expect(answer.status, pathname).toBe(200);
      expect(leaksIn(answer.body, early), pathname).toEqual([]);
    }
    // Each address alone still shows its own level in full.
    const full = await get(`${FILM}/level/full`);
    expect(leaksIn(full.body, none).length).toBe(none.length);
  });

  it('answer 400 naming the field for a level or point that is none, and render nothing', async () => {
    for (const [pathname, field] of [
      [`${FILM}?spoilers=extreme`, 'spoilers'],
      [`${FILM}?spoilers=full&spoilers=FULL`, 'spoilers'],
      [`${FILM}/quiz?spoilers=extreme`, 'spoilers'],
      [`/people/${PERSON}?spoilers=extreme`, 'spoilers'],
      [`/?spoilers=extreme`, 'spoilers'],
      [`/search?q=Carley&spoilers=extreme`, 'spoilers'],
      [`${API}?spoilers=extreme`, 'spoilers'],
      [`${FILM}/level/extreme`, 'level'],
      [`${FILM}/upto/abc`, 'upto'],
      [`${FILM}?upto=abc`, 'upto'],
      [`${API}?upto=-1`, 'upto'],
    ]) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(pathname, 'spoilers=full');
        expect(answer.status, pathname).toBe(400);
        expect(answer.headers.get('cache-control'), pathname).toBe('no-store');
        expect(answer.headers.get('content-type'), pathname).toBe('application/problem+json');
        expect(JSON.parse(answer.body), pathname).toMatchObject({
          type: '/problems/validation',
          status: 400,
          errors: [{ path: field, message: expect.any(String) }],
        });
      }
    }
  });

  it('answer 404 for a point past the film’s last event, by route, query and API; 0 (nothing seen yet) redirects to no spoilers', async () => {
    for (const pathname of [
      `${FILM}/upto/${EVENTS + 1}`,
      `${FILM}/upto/99`,
      `${FILM}/upto/1000`,
      `${FILM}/upto/99?spoilers=none`,
      `${FILM}?upto=99`,
      `${API}?upto=99`,
    ])
      for (const cookie of [undefined, 'spoilers=full']) expect((await get(pathname, cookie)).status, pathname).toBe(404);
    for (const pathname of [`${FILM}/upto/1`, `${FILM}/upto/${EVENTS}`, `${FILM}?upto=1`, `${API}?upto=${EVENTS}`])
      expect((await get(pathname)).status, pathname).toBe(200);
    for (const pathname of [`${FILM}/upto/0`, `${FILM}?upto=0`, `${API}?upto=0`]) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(308);
      expect(answer.headers.get('location'), pathname).toMatch(/\?spoilers=none$/u);
    }
  });

  it('write no log line above info for any of it (the server stopped, so its log is complete)', async () => {
    await stopProductionServer(server);
    const lines = fs
      .readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; msg?: string });
    expect(lines.some((line) => line.level === 'info')).toBe(true);
    expect(lines.filter((line) => !['trace', 'debug', 'info'].includes(line.level))).toEqual([]);
  });
});
