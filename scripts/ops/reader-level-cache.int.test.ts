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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../lib/database.mjs';
import { DEMO_SLUG, demo } from '../../e2e/reader-demo';
import { appAddresses } from '../../test-support/entry-points';
import { startProductionServer, stopProductionServer } from '../../test-support/production-server';
import { filterVariantPath, listPageHref, NO_FILTER, type FilmFilter } from '../../lib/reader/film-filter';
import { searchVariantPath } from '../../lib/reader/search-address';
import { SPOILER_LEVELS, type SpoilerLevel } from '../../lib/spoilers/levels';
import { ensureOpsBuild } from './ops-build';
import { REPO_ROOT, freshDatabase, runScript, waitFor, type TestDatabase } from './support';

const FILM = `/films/${DEMO_SLUG}`;
// Someone whose part is hidden at none, so their page differs by level.
const PERSON = demo.characters.find((character) => character.playedBy && character.spoiler !== 'none')!.playedBy!.slug;
const SEARCHED = 'Carley Toronto skating John';
const SEARCH = `/search?q=${SEARCHED.replaceAll(' ', '+')}`;

type Answer = { status: number; headers: Record<string, string>; body: string };
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
    q: ['', searchVariantPath(SEARCHED, 'none', 'query').split('/').pop()!],
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
let nginx: ChildProcess | undefined;

/** One request on a socket of its own, its header block written byte for byte (latin1). */
function rawRequest(pathname: string, headers: Record<string, string>, to = port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1');
    const lines = [
      `GET ${pathname} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks))));
    // Not end(): a server may drop a connection the client half-closed before its answer.
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
  });
}

function parseResponse(raw: Buffer): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(head[0].split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers[name] = headers[name] ? `${headers[name]}, ${line.slice(colon + 1).trim()}` : line.slice(colon + 1).trim();
  }
  let body = raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const end = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, end).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(end + 2, end + 2 + size));
      at = end + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body: body.toString('utf8') };
}

async function get(address: Address, cookie?: string, pathname = address.path): Promise<Answer> {
  const headers = { ...address.headers, ...(cookie === undefined ? {} : { Cookie: cookie }) };
  const answer = await rawRequest(pathname, headers);
  // An RSC request is first sent to its address with `_rsc=` added; followed with the same headers.
  const location = answer.headers['location'];
  return address.headers?.rsc && answer.status === 307 && location
    ? rawRequest(new URL(location, 'http://x').pathname + new URL(location, 'http://x').search, headers)
    : answer;
}

/** Pieces of text long enough to name one item: between tags, quotes and escapes. */
const chunksOf = (body: string) =>
  new Set(
    body
      .split(/<[^>]*>|["\\{}[\]]|&[a-z]+;|&#\d+;/u)
      .map((text) => text.trim())
      .filter((text) => text.length >= 16 && /[a-z]{4}/iu.test(text)),
  );

/**
 * What only a full reader sees at this address: text in the full page (chosen by cookie and by
 * address alike) that no none page holds (none by cookie, by address, and no cookie at all).
 * An address that is not a page (a redirect, a list page past the last) answers every reader alike.
 */
async function fullOnlyText(address: Address): Promise<string[]> {
  const withLevel = address.withLevel!;
  const fulls = [await get(address, 'spoilers=full'), await get(address, undefined, withLevel('full'))];
  const nones = [await get(address), await get(address, 'spoilers=none'), await get(address, undefined, withLevel('none'))];
  const status = PUBLIC.includes(address) ? 200 : nones[0].status;
  for (const answer of [...fulls, ...nones]) expect(answer.status, `${address.name}: ${answer.body.slice(0, 300)}`).toBe(status);
  if (status !== 200) return [];
  const [first, second] = fulls.map((answer) => chunksOf(answer.body));
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

// What an attacker writes into the Cookie header: the `spoilers` cookie's name and value encoded,
// cased, padded and duplicated, per-film names, other cookies around it, odd bytes, over-long.
const name = fc.constantFrom(
  'spoilers',
  'SPOILERS',
  'Spoilers',
  'spoiler%73',
  '%73poilers',
  'spoilers ',
  ' spoilers',
  '\tspoilers',
  'spoilers\t',
  'spoilers\u0000',
  'a',
);
const levelText = fc.constantFrom(
  'full',
  'FULL',
  'Full',
  '%66ull',
  '%66%75%6C%6C',
  'full%00',
  '%00full',
  'light',
  '%6Cight',
  'none',
  ' full',
  'full ',
  '"full"',
  'full\t',
  'full\u0000',
  '\u00e9full',
  '%FF',
  '%E0%A4%A',
);
const value = fc.oneof(
  levelText,
  levelText.map((level) => `${DEMO_SLUG}.${level}`),
  levelText.map((level) => `${DEMO_SLUG}%2E${level}`),
  levelText.map((level) => `${DEMO_SLUG}%2e${level}`),
  levelText.map((level) => `${DEMO_SLUG.toUpperCase()}.${level}`),
  levelText.map((level) => `${encodeURIComponent(DEMO_SLUG).replace(/-/gu, '%2D')}.${level}`),
  fc.tuple(levelText, levelText).map(([all, own]) => `${all}~${DEMO_SLUG}.${own}`),
  fc.tuple(levelText, levelText).map(([all, own]) => `${all}%7E${DEMO_SLUG}%2E${own}`),
  levelText.map((level) => `${'x'.repeat(6000)}~${level}`),
  fc.string({ maxLength: 8 }),
);
const separator = fc.constantFrom(';', '; ', ';\t', ';  ', ' ; ', ';;', ',', ';\u0000');
const cookieHeader = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(name, value) },
      { weight: 1, arbitrary: fc.constantFrom<[string, string]>(['a', '1'], ['next-auth.csrf-token', 'x'], ['spoilers', '']) },
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((pairs) =>
    fc
      .array(separator, { minLength: pairs.length, maxLength: pairs.length })
      .map((separators) => pairs.map(([n, v], i) => `${i ? separators[i] : ''}${n}=${v}`).join('')),
  );
// The cases the attack run found, always among the runs.
const KNOWN = [
  'spoilers=%66ull',
  `spoilers=${DEMO_SLUG}%2Efull`,
  'a=1;\tspoilers=full',
  'spoilers=full; spoilers=none',
  'spoilers=none; spoilers=full',
];

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'film-cms-levels-'));
  const build = await ensureOpsBuild();
  database = await freshDatabase('levels');
  const seeded = await runScript('scripts/seed-demo.ts', {
    DATABASE_URL: database.url,
    DEMO_PASSWORD: `demo-${randomBytes(6).toString('hex')}`,
  });
  expect(seeded.code, seeded.stderr).toBe(0);
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
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
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

  it('lets shared caches keep only levels chosen by the address; the cookie’s level is private and never put in the address', async () => {
    const film = ADDRESSES[0];
    for (const cookie of [undefined, 'spoilers=full', `spoilers=none~${DEMO_SLUG}.full`]) {
      const answer = await get(film, cookie);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control'], `cookie ${cookie}`).toMatch(/^private\b/u);
      expect(answer.headers['location']).toBeUndefined();
      expect(answer.headers['x-rendered-level']).toBeUndefined();
      expect(answer.headers['x-reader-level']).toBeUndefined();
    }
    for (const level of ['none', 'light', 'full']) {
      for (const pathname of [`${FILM}?spoilers=${level}`, `${FILM}/level/${level}`]) {
        const answer = await get(film, 'spoilers=full', pathname);
        expect(answer.status, pathname).toBe(200);
        expect(answer.headers['cache-control'], pathname).toMatch(/^public\b/u);
      }
    }
    // The JSON API the same way.
    expect((await get(ADDRESSES[6], 'spoilers=full')).headers['cache-control']).toMatch(/^private\b/u);
    expect((await get(ADDRESSES[6], undefined, `/api/v1/films/${DEMO_SLUG}?spoilers=full`)).headers['cache-control']).toMatch(/^public\b/u);
    // A client's own decision header is not believed.
    const forged = await rawRequest(FILM, { 'x-reader-level': 'full;query' });
    const texts = await fullOnlyText(film);
    expect(texts.filter((text) => forged.body.includes(text))).toEqual([]);
    expect(forged.headers['cache-control']).toMatch(/^private\b/u);
  }, 300_000);
});

/**
 * deploy/nginx.conf as the compose file's balancer runs it, its upstream pointed at the server
 * under test: a shared cache keyed by the address that honours Cache-Control and Vary.
 */
async function startNginx(): Promise<number> {
  const nginxPort = await findFreePort();
  const shipped = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const site = shipped
    .replace(/upstream cms \{[^}]*\}/u, `upstream cms { server 127.0.0.1:${port}; }`)
    .replace(/listen 80;/u, `listen 127.0.0.1:${nginxPort};`)
    .replace(/proxy_cache_path \S+/u, `proxy_cache_path ${path.join(workDir, 'nginx-cache')}`);
  expect(site).toContain(`127.0.0.1:${nginxPort}`);
  fs.writeFileSync(path.join(workDir, 'site.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(workDir, `nginx-${name}`)};`;
  fs.writeFileSync(
    path.join(workDir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${path.join(workDir, 'nginx.pid')};`,
      `error_log ${path.join(workDir, 'nginx-error.log')} warn;`,
      'events {}',
      `http { access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')} include ${path.join(workDir, 'site.conf')}; }`,
    ].join('\n'),
  );
  nginx = spawn('nginx', ['-p', workDir, '-c', path.join(workDir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor('nginx to answer', async () => (await rawRequest('/api/health', {}, nginxPort).catch(() => null))?.status === 200, 30_000);
  return nginxPort;
}

describe('behind nginx with deploy/nginx.conf', () => {
  it('serves every level chosen by the address from its cache, never one chosen by the cookie, and never a higher level to an anonymous reader', async () => {
    const nginxPort = await startNginx();
    const through = (pathname: string, cookie?: string) => rawRequest(pathname, cookie === undefined ? {} : { Cookie: cookie }, nginxPort);
    const film = ADDRESSES[0];
    const texts = await fullOnlyText(film);
    for (const level of ['none', 'light', 'full']) {
      for (const pathname of [
        `${FILM}?spoilers=${level}`,
        `${FILM}/level/${level}`,
        `/people/${PERSON}?spoilers=${level}`,
        `${SEARCH}&spoilers=${level}`,
      ]) {
        const cached = await waitFor(
          `${pathname} from nginx's cache`,
          async () => {
            const answer = await through(pathname, 'spoilers=full');
            return answer.headers['x-cache-status'] === 'HIT' ? answer : null;
          },
          30_000,
          50,
        );
        expect(cached.status, pathname).toBe(200);
        if (pathname.startsWith(FILM) && level === 'none')
          expect(
            texts.filter((text) => cached.body.includes(text)),
            pathname,
          ).toEqual([]);
        if (pathname.startsWith(FILM) && level === 'full')
          expect(
            texts.filter((text) => !cached.body.includes(text)),
            pathname,
          ).toEqual([]);
      }
    }
    for (const crafted of [...KNOWN, 'spoilers=full', `spoilers=none~${DEMO_SLUG}.full`]) {
      for (const pathname of [FILM, `/people/${PERSON}`, SEARCH, `/api/v1/films/${DEMO_SLUG}`]) {
        for (let i = 0; i < 3; i++)
          expect((await through(pathname, crafted)).headers['x-cache-status'], `${pathname} ${crafted}`).not.toBe('HIT');
        const anonymous = await through(pathname);
        expect(anonymous.headers['x-cache-status'], pathname).not.toBe('HIT');
        if (pathname === FILM)
          expect(
            texts.filter((text) => anonymous.body.includes(text)),
            `${crafted} then anonymous`,
          ).toEqual([]);
      }
    }
  }, 300_000);
});
