/**
 * The reader's level against crafted cookies, on the production server (server/serve.mjs with its
 * front cache, the ops build, a real PostgreSQL): whatever Cookie header one reader sends, and
 * whatever it made the caches keep, an anonymous reader and a `none` reader then get nothing above
 * none, and a `full` reader gets the full page; on every reader address (film, quiz, person,
 * search, home, the JSON API, an RSC request, the list filters by query) and on every reader page
 * route, found from the app's route files (test-support/entry-points.ts): the level routes of
 * films, people and searches and the reading-point route, whose level or point the address
 * chooses whatever the cookie says, the filtered lists (/filter/…), the people index, the pages.
 * Requests go over raw sockets, so the header carries any bytes (tabs, NUL, bytes above 0x7f), as
 * an attacker's client would send them.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { seedDemo } from '../../test-support/demo-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SLUG, demo } from '../../e2e/reader-demo';
import { KNOWN, cookieHeader, rawRequest as rawRequestTo, type Answer } from '../../test-support/crafted-cookies';
import { appAddresses } from '../../test-support/entry-points';
import { pageTexts } from '../../test-support/page-texts';
import { startProductionServer, stopProductionServer } from '../../test-support/production-server';
import { filterVariantPath, listPageHref, NO_FILTER, type FilmFilter } from '../../lib/reader/film-filter';
import { buildAddress } from '../../lib/reader/reader-address.mjs';
import { SPOILER_LEVELS, type SpoilerLevel } from '../../lib/spoilers/levels';
import { ensureOpsBuild } from './ops-build';
import { freshDatabase, type TestDatabase } from './support';

const FILM = `/films/${DEMO_SLUG}`;
// Someone whose part is hidden at none, so their page differs by level.
const PERSON = demo.characters.find((character) => character.playedBy && character.spoiler !== 'none')!.playedBy!.slug;
const SEARCHED = 'Carley Toronto skating John';
const SEARCH = `/search?q=${SEARCHED.replaceAll(' ', '+')}`;

/**
 * A reader address. `withLevel`: the same address with the level in its query (the level is then
 * chosen by the cookie when the query has none). `fixed`: the address itself chooses what is shown
 * (a level route, a point read up to), whatever the cookie: what it shows is compared on the texts
 * only a full reader sees at `family`'s address, and with `level`, that level's share of them.
 */
type Address = {
  name: string;
  path: string;
  headers?: Record<string, string>;
  withLevel?: (level: string) => string;
  fixed?: { family: string; level?: SpoilerLevel };
};

const withQuery = (pathname: string) => (level: string) => `${pathname}${pathname.includes('?') ? '&' : '?'}spoilers=${level}`;
const PUBLIC: Address[] = [
  { name: 'film', path: FILM, withLevel: withQuery(FILM) },
  { name: 'film RSC', path: FILM, headers: { rsc: '1' }, withLevel: withQuery(FILM) },
  { name: 'quiz', path: `${FILM}/quiz`, withLevel: withQuery(`${FILM}/quiz`) },
  { name: 'person', path: `/people/${PERSON}`, withLevel: withQuery(`/people/${PERSON}`) },
  { name: 'search', path: SEARCH, withLevel: withQuery(SEARCH) },
  { name: 'home', path: '/', withLevel: withQuery('/') },
  { name: 'JSON API', path: `/api/v1/films/${DEMO_SLUG}`, withLevel: withQuery(`/api/v1/films/${DEMO_SLUG}`) },
];

// The list filters on the demo film's own facts, one per field and all at once, each as the
// address readers use (`/?genre=…`, proxy.ts rewrites it) and as the variant the rewrite names.
const FILTERS: FilmFilter[] = [
  { ...NO_FILTER, genre: demo.facts.genres[0] },
  { ...NO_FILTER, year: demo.releaseYear },
  { ...NO_FILTER, country: demo.facts.countries[0] },
  { ...NO_FILTER, sort: 'title' },
  { genre: demo.facts.genres[0], year: demo.releaseYear, country: demo.facts.countries[0], sort: 'year' },
];
const segmentsOf = (filter: FilmFilter) => filterVariantPath(filter, 1).split('/').slice(2);
const EVENTS = demo.events.length;

/**
 * Every reader page route (app/(reader)/**\/page.tsx), each dynamic segment filled from the demo
 * content: a new reader route fails here until it is given values, so it cannot be left out.
 */
const ROUTES = appAddresses(
  {
    'films/slug': [DEMO_SLUG],
    'people/slug': [PERSON],
    level: [...SPOILER_LEVELS],
    // A point read up to: the first event, one in the middle, the last.
    'upto/n': [...new Set([1, Math.ceil(EVENTS / 2), EVENTS])].map(String),
    'page/n': ['1'],
    genre: [...new Set(FILTERS.map((filter) => segmentsOf(filter)[0]))],
    year: [...new Set(FILTERS.map((filter) => segmentsOf(filter)[1]))],
    country: [...new Set(FILTERS.map((filter) => segmentsOf(filter)[2]))],
    sort: [...new Set(FILTERS.map((filter) => segmentsOf(filter)[3]))],
    '[sort]/n': ['1'],
    field: ['genre', 'year'],
    source: ['query', 'cookie'],
    q: ['', buildAddress({ kind: 'search', query: SEARCHED, level: 'none', source: 'query' }).split('/').pop()!],
  },
  { pagesUnder: 'app/(reader)' },
);
const variants = new Set(FILTERS.map((filter) => filterVariantPath(filter, 1)));

function routeAddress(pathname: string): Address {
  const level = /\/level\/(none|light|full)(?:\/|$)/u.exec(pathname)?.[1] as SpoilerLevel | undefined;
  const family = pathname.startsWith('/films/') ? 'film' : pathname.startsWith('/people/') ? 'person' : 'search';
  // An empty search (`/search/level/{level}/{source}`) finds nothing at any level: compared with what it shows without a cookie.
  const empty = family === 'search' && pathname.split('/').length === 5;
  if (level || /^\/films\/[^/]+\/upto\/\d+$/u.test(pathname))
    return { name: pathname, path: pathname, fixed: { family, level: empty ? undefined : level } };
  return { name: pathname, path: pathname, withLevel: withQuery(pathname) };
}

const ADDRESSES: Address[] = [
  ...PUBLIC,
  ...FILTERS.map((filter) => listPageHref(1, filter)).map((pathname) => ({
    name: pathname,
    path: pathname,
    withLevel: withQuery(pathname),
  })),
  ...ROUTES.filter((pathname) => !PUBLIC.some((address) => address.path === pathname))
    // Of the filter variants, those of the filters above: the other combinations of their segments list nothing.
    .filter((pathname) => !pathname.startsWith('/filter/') || pathname.startsWith('/filter/invalid/') || variants.has(pathname))
    .map(routeAddress),
];

let database: TestDatabase;
let child: ChildProcess;
let port: number;
let workDir: string;

const rawRequest = (pathname: string, headers: Record<string, string>, to = port) =>
  rawRequestTo(to, pathname, headers, `127.0.0.1:${port}`);

async function get(address: Address, cookie?: string, pathname = address.path): Promise<Answer> {
  const headers = { ...address.headers, ...(cookie === undefined ? {} : { Cookie: cookie }) };
  const answer = await rawRequest(pathname, headers);
  // An RSC request is first sent to its address with `_rsc=` added; followed with the same headers.
  const location = answer.headers['location'];
  return address.headers?.rsc && answer.status === 307 && location
    ? rawRequest(new URL(location, 'http://x').pathname + new URL(location, 'http://x').search, headers)
    : answer;
}

/**
 * What only a full reader sees at this address: text in the full page (chosen by cookie and by
 * address alike) that no none page holds (none by cookie, by address, and no cookie at all). Texts
 * as pageTexts takes them: without the inline runtime scripts a streamed render carries (sent by
 * timing, not level, they made false markers on a slow machine).
 * An address that is not a page (a redirect, a list page past the last) answers every reader alike.
 */
async function fullOnlyText(address: Address): Promise<string[]> {
  const withLevel = address.withLevel!;
  const fulls = [await get(address, 'spoilers=full'), await get(address, undefined, withLevel('full'))];
  const nones = [await get(address), await get(address, 'spoilers=none'), await get(address, undefined, withLevel('none'))];
  const status = PUBLIC.includes(address) ? 200 : nones[0].status;
  for (const answer of [...fulls, ...nones]) expect(answer.status, `${address.name}: ${answer.body.slice(0, 300)}`).toBe(status);
  if (status !== 200) return [];
  const [first, second] = fulls.map((answer) => pageTexts(answer.body));
  return [...first].filter((text) => second.has(text) && nones.every((none) => !none.body.includes(text)));
}

/**
 * Of the full-only texts of its family's address, those an address that chooses its own level
 * shows: all of them at full, none at none, else what it shows a reader without a cookie.
 */
async function fixedText(address: Address, family: string[]): Promise<string[]> {
  const answer = await get(address);
  expect(answer.status, `${address.name}: ${answer.body.slice(0, 300)}`).toBe(200);
  const shown = family.filter((text) => answer.body.includes(text));
  if (address.fixed?.level === 'none') expect(shown, address.name).toEqual([]);
  if (address.fixed?.level === 'full') expect(shown, address.name).toEqual(family);
  return shown;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-levels-'));
  const build = await ensureOpsBuild();
  database = await freshDatabase('levels');
  await seedDemo(database.url);
  const server = await startProductionServer({
    build,
    logDir: workDir,
    name: 'server',
    env: { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(48).toString('base64url'), REDIS_URL: '' },
  });
  child = server.child;
  port = server.port;
}, 900_000);

afterAll(async () => {
  if (child) await stopProductionServer({ child });
  await database?.drop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('crafted spoilers cookies', () => {
  it('never give an anonymous or none reader more than none, nor a full reader less than full', async () => {
    const markers = new Map<string, string[]>();
    for (const address of ADDRESSES) if (address.withLevel) markers.set(address.name, await fullOnlyText(address));
    // Every address with something above none must have a way to tell (the lists have not).
    for (const address of PUBLIC)
      if (address.name !== 'home')
        expect(markers.get(address.name)!.length, `${address.name}: no text only a full reader sees`).toBeGreaterThan(0);
    // What each address that chooses its own level shows, before any crafted cookie was sent.
    const shown = new Map<string, string[]>();
    for (const address of ADDRESSES)
      if (address.fixed) {
        markers.set(address.name, markers.get(address.fixed.family)!);
        shown.set(address.name, await fixedText(address, markers.get(address.fixed.family)!));
      }

    const leaks: string[] = [];
    const check = async (address: Address, crafted: string) => {
      // Sent until it could be in every cache: Next's page cache, then the front cache.
      for (let i = 0; i < 3; i++) await get(address, crafted);
      const texts = markers.get(address.name)!;
      if (address.fixed) {
        // Every reader, whatever their cookie, gets what the address chose.
        const expected = shown.get(address.name)!;
        for (const reader of [undefined, 'spoilers=none', 'a=1; spoilers=none', 'spoilers=full', crafted]) {
          const answer = await get(address, reader);
          // A header the server refuses (NUL and other bytes no client sends) shows nothing.
          if (reader === crafted && answer.status !== 200) continue;
          const seen = texts.filter((text) => answer.body.includes(text));
          if (seen.join('\n') !== expected.join('\n'))
            leaks.push(
              `${address.name} after ${JSON.stringify(crafted)}: reader ${reader ?? '(no cookie)'} got ${seen.length} full-only text(s), not the ${expected.length} the address chooses (status ${answer.status}), x-front-cache=${answer.headers['x-front-cache']}`,
            );
        }
        return;
      }
      for (const reader of [undefined, 'spoilers=none', 'a=1; spoilers=none']) {
        const answer = await get(address, reader);
        const seen = texts.filter((text) => answer.body.includes(text));
        if (seen.length)
          leaks.push(
            `${address.name} after ${JSON.stringify(crafted)}: reader ${reader ?? '(no cookie)'} got ${seen.length} full-only text(s), x-front-cache=${answer.headers['x-front-cache']}`,
          );
      }
      const full = await get(address, 'spoilers=full');
      const lacking = texts.filter((text) => !full.body.includes(text));
      if (lacking.length)
        leaks.push(`${address.name} after ${JSON.stringify(crafted)}: the full reader lacks ${lacking.length} full text(s)`);
    };
    // The derived list must hold what it is said to (a change to the route files or this file cannot empty it).
    for (const pattern of [
      /\/films\/[^/]+\/level\/full$/u,
      /\/films\/[^/]+\/upto\/\d+$/u,
      /\/people\/[^/]+\/level\/none$/u,
      /^\/search\/level\//u,
      /^\/filter\/g-/u,
      /^\/\?genre=/u,
      /^\/\?year=/u,
    ])
      expect(
        ADDRESSES.some((address) => pattern.test(address.path)),
        String(pattern),
      ).toBe(true);
    for (const address of ADDRESSES) for (const crafted of KNOWN) await check(address, crafted);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ADDRESSES), cookieHeader, async (address, crafted) => {
        await check(address, crafted);
      }),
      { numRuns: 150 },
    );
    expect(leaks).toEqual([]);
  }, 900_000);

  it('lets shared caches keep a cookie reader’s page only under a canonical spoilers cookie, never with credentials, and never puts the level in the address', async () => {
    const film = ADDRESSES[0];
    // Chosen by the cookie, as the site writes it (or no cookie): public, varying on the cookie.
    for (const cookie of [undefined, 'spoilers=full', `spoilers=none~${DEMO_SLUG}.full`, 'a=1; spoilers=light']) {
      const answer = await get(film, cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control'], `cookie ${cookie}`).toMatch(/^public, max-age=0, s-maxage=\d+/u);
      expect(answer.headers['vary'], `cookie ${cookie}`).toMatch(/\bCookie\b/u);
      expect(answer.headers['cache-tag'], `cookie ${cookie}`).toContain(`film:${DEMO_SLUG}`);
      expect(answer.headers['location']).toBeUndefined();
      expect(answer.headers['x-rendered-level']).toBeUndefined();
      expect(answer.headers['x-reader-level']).toBeUndefined();
    }
    // A spoilers cookie not every parser reads alike, or credentials: that request's own.
    for (const cookie of [...KNOWN, 'SPOILERS=full', 'spoilers="full"', 'next-auth.session-token=x; spoilers=full']) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(film, cookie);
        expect(answer.headers['cache-control'], `cookie ${cookie}`).toMatch(/^private\b/u);
        expect(answer.headers['cache-tag'], `cookie ${cookie}`).toBeUndefined();
      }
    }
    // An anonymous reader after them still gets the public page (the front cache replays no private header).
    expect((await get(film)).headers['cache-control']).toMatch(/^public\b/u);
    for (const level of ['none', 'light', 'full']) {
      for (const pathname of [`${FILM}?spoilers=${level}`, `${FILM}/level/${level}`]) {
        const answer = await get(film, 'spoilers=full', pathname);
        expect(answer.status, pathname).toBe(200);
        expect(answer.headers['cache-control'], pathname).toMatch(/^public\b/u);
      }
    }
    // The JSON API keeps its own rules: private when the cookie chose.
    expect((await get(ADDRESSES[6], 'spoilers=full')).headers['cache-control']).toMatch(/^private\b/u);
    expect((await get(ADDRESSES[6], undefined, `/api/v1/films/${DEMO_SLUG}?spoilers=full`)).headers['cache-control']).toMatch(/^public\b/u);
    // A client's own decision header is not believed.
    const forged = await rawRequest(FILM, { 'x-reader-level': 'full;query' });
    const texts = await fullOnlyText(film);
    expect(texts.filter((text) => forged.body.includes(text))).toEqual([]);
  }, 300_000);
});
