/**
 * An HTTP fuzz of the production server (the standalone build behind server/serve.mjs: request
 * guard, proxy.ts, pages, server actions, route handlers, next-auth): FUZZ_REQUESTS (10,000)
 * generated requests, seeded (FUZZ_SEED, printed, to replay a failure), written by hand on sockets
 * so that any method, target, header and body can be sent. Asserts that nothing answers 5xx, that
 * every request is answered (a connection closed without an answer fails like a 5xx) and that the
 * server logs no error line for them.
 *
 * What is generated: the app's addresses (every page and route, derived from the app's files, with
 * the demo content's real slugs and ids: reader pages at any level, editor pages, the REST API,
 * next-auth's routes, media, feeds) mutated with bad percent-encoding, NUL, traversal, long values,
 * foreign callbackUrls and absolute-form targets; every server action by its real id (from the
 * build's manifest: FUZZ_CALLS_PER_ACTION calls each, same-origin as the site makes them, signed in
 * or not, with garbage arguments; the test fails when the manifest names none) and made-up ids; bodies that are JSON arrays, objects, broken JSON, valid and
 * broken multipart forms, random bytes; Origin same, foreign, `null` or garbage; anonymous, an
 * admin's session cookie or garbage cookies.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { withClient } from '../scripts/lib/database.mjs';
import { appAddresses } from '../test-support/entry-points';
import { signedInContext } from './support/editor-session';
import { DEMO_PATH, DEMO_SLUG, demo } from './reader-demo';

const REQUESTS = Number(process.env.FUZZ_REQUESTS) || 10_000;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const PARALLEL = 8;
/** Of every action id, this many calls as the site itself would make them (same origin, signed in or not) with garbage arguments. */
const CALLS_PER_ACTION = Number(process.env.FUZZ_CALLS_PER_ACTION) || 40;

test.setTimeout(20 * 60_000);

type Sent = { method: string; target: string; headers: Record<string, string>; body: Buffer };

/** The build's server actions by id (the server-reference manifest of the build the server runs). */
function actionIds(): string[] {
  const manifest = path.join(process.env.E2E_DIST_DIR!, 'server', 'server-reference-manifest.json');
  return Object.keys(JSON.parse(fs.readFileSync(manifest, 'utf8')).node ?? {});
}

/**
 * The addresses the fuzz starts from: every page and route of the app, derived from its files
 * (test-support/entry-points.ts: page.tsx, route.ts, the metadata routes), each dynamic segment
 * filled with real values of the demo content (its slug and people from its page, its film id and
 * an image id from the server's database) and with values that name nothing; and the addresses proxy.ts answers without a file of their own, and a few
 * that nothing serves.
 */
async function fuzzPaths(): Promise<string[]> {
  const real = await withClient(process.env.DATABASE_URL!, async (client) => {
    const one = async (sql: string) => ((await client.query(sql)).rows[0] as { v?: string } | undefined)?.v;
    return {
      filmId: await one(`SELECT id AS v FROM "Film" WHERE slug = '${DEMO_SLUG}'`),
      image: await one(`SELECT id AS v FROM "ImageAsset" ORDER BY id LIMIT 1`),
    };
  });
  expect(real, 'the demo content in the database the server reads').toEqual({
    filmId: expect.any(String),
    image: expect.any(String),
  });
  // People of the demo film: its director and the actor of its first character.
  const people = [demo.facts.directors[0]?.slug, demo.characters[0]?.playedBy?.slug].filter((slug): slug is string => Boolean(slug));
  expect(people, 'people of the demo film').toHaveLength(2);
  const drama = Buffer.from('drama').toString('base64url');
  const derived = appAddresses({
    'films/slug': [DEMO_SLUG, 'no-such-film'],
    'people/slug': [...people, 'no-one'],
    level: ['none', 'light', 'full'],
    n: ['1', '2'],
    m: ['1'],
    genre: ['all', `g-${drama}`],
    year: ['all', '2017'],
    country: ['all', 'CA'],
    sort: ['published', 'title'],
    field: ['genre', 'year', 'country', 'sort'],
    source: ['query', 'cookie'],
    q: ['', 'kiss'],
    filmId: [real.filmId!, 'no-such-film-id'],
    'media/id': [real.image!, '0'.repeat(32)],
    // A comment, job or review: none in the demo content.
    id: ['no-such-id'],
    deliveryId: ['no-such-delivery'],
    // A language the site translates into (SITE_LOCALES=en,fr on the e2e server), and one it does not.
    locale: ['fr', 'de'],
    token: ['not-a-real-token'],
    file: ['w320.webp', 'w640.avif', 'w1280'],
    nextauth: ['session', 'csrf', 'providers', 'signin', 'signout', 'error', 'callback/credentials', 'signin/credentials', 'nope'],
    __id: ['films-0', 'people-0'],
    // An /api/v1 address no operation serves (the catch-all's 404 problem).
    'v1/path': ['no-such-operation', 'films/x/nope'],
  });
  const served = [
    DEMO_PATH,
    ...people.map((slug) => `/people/${slug}`),
    '/people/no-one',
    '/films/no-such-film',
    '/search?q=kiss',
    `/fr${DEMO_PATH}`,
    '/fr/search?q=patineuse',
    '/?genre=drama&year=2017',
    '/page/2?genre=drama',
    '/?country=CA&sort=year',
  ];
  const unknown = ['//', '/films', '/no-such-page', '/_missing', '/_next/static/nope.js'];
  return [...new Set([...derived, ...served, ...unknown])];
}

const FRAGMENTS = [
  '',
  '%ff',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(3000),
  '%2e%2e/',
  '/',
  '//',
  '\u00e9',
  '%F0%9F%8E%AC',
];
const QUERIES = [
  '',
  '?spoilers=full',
  '?spoilers=%ff',
  '?spoilers=none&spoilers=full',
  '?q=%00',
  '?callbackUrl=http%3A%2F%2F127.0.0.1%3A3000.evil.example%2F',
  '?callbackUrl=%2F%2Fevil.example',
  '?callbackUrl=javascript:alert(1)',
  '?genre=x&year=abc',
  '?country=%00&sort=x',
  '?year=99999999999999999999',
  '?return=//evil.example',
];
const ORIGINS = [undefined, 'SAME', 'http://evil.example', 'null', 'garbage', 'http://127.0.0.1:1'];
const TYPES = [
  undefined,
  'application/json',
  'text/plain;charset=UTF-8',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'image/png',
  'x/y; charset=nope',
];
const BODIES = [
  '',
  '[]',
  '["$undefined"]',
  '[1,{"a":"$K1"}]',
  '{}',
  '{"title":"x","slug":"a\\u0000b"}',
  '[',
  'not json',
  'null',
  '--x--\r\n',
  '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
  '--x\r\nbroken',
  'a=1&b=%ff',
  '\u0000\u0001\u0002',
];

/** What a server action receives instead of its arguments: broken encodings and arguments of every wrong shape. */
const ACTION_BODIES = [
  '',
  '[',
  '{}',
  'null',
  '"x"',
  '[null]',
  '[1]',
  '["\\u0000"]',
  '[{"slug":"%00","revision":-1}]',
  '[{"slug":"no-such-film-9","revision":"1e999"}]',
  '[{"__proto__":{"role":"ADMIN"}}]',
  '["$K1"]',
  '["$@1"]',
  '["$Q1"]',
  '["$T"]',
  '["$$"]',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `[${JSON.stringify('x'.repeat(60_000))}]`,
  '--x\r\nContent-Disposition: form-data; name="1_$ACTION_ID_x"\r\n\r\n\r\n--x--\r\n',
  '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--x--\r\n',
];

/** Server actions by their real ids, posted the way the site posts them, with garbage bodies. */
function actionCalls(actions: string[], host: string, sessionCookie: string) {
  return fc
    .record({
      action: fc.constantFrom(...actions),
      page: fc.constantFrom(
        '/',
        '/editor',
        '/editor/films/kiss-and-cry',
        '/editor/users',
        '/account',
        '/login',
        '/films/kiss-and-cry/quiz',
      ),
      type: fc.constantFrom('text/plain;charset=UTF-8', 'multipart/form-data; boundary=x', 'application/json', undefined),
      body: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ACTION_BODIES) },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')) },
      ),
      signedIn: fc.boolean(),
    })
    .map(({ action, page, type, body, signedIn }): Sent => {
      const bytes = Buffer.from(body, 'latin1');
      const headers: Record<string, string> = {
        Host: host,
        Connection: 'close',
        Origin: `http://${host}`,
        'Next-Action': action,
        Accept: 'text/x-component',
        'Content-Length': String(bytes.length),
      };
      if (type) headers['Content-Type'] = type;
      if (signedIn) headers.Cookie = sessionCookie;
      return { method: 'POST', target: page, headers, body: bytes };
    });
}

function generator(paths: string[], actions: string[], host: string, sessionCookie: string) {
  const target = fc
    .tuple(
      fc.constantFrom(...paths),
      fc.constantFrom(...FRAGMENTS),
      fc.constantFrom(...QUERIES),
      fc.constantFrom('', '', '', '', 'absolute-same', 'absolute-evil'),
    )
    .map(([base, fragment, query, form]) => {
      const [pathname, existing] = base.split('?');
      const joined = `${pathname}${fragment && !pathname.endsWith('/') ? '/' : ''}${fragment}${existing ? `?${existing}` : query}`;
      return form === 'absolute-same' ? `http://${host}${joined}` : form === 'absolute-evil' ? `http://evil.example${joined}` : joined;
    });
  return fc
    .record({
      method: fc.constantFrom(
        'GET',
        'GET',
        'GET',
        'POST',
        'POST',
        'POST',
        'PUT',
        'PATCH',
        'DELETE',
        'HEAD',
        'OPTIONS',
        'TRACE',
        'PROPFIND',
      ),
      target,
      origin: fc.constantFrom(...ORIGINS),
      action: fc.option(fc.constantFrom(...(actions.length > 0 ? actions : ['7f00']), '7f00', 'x', ''), { freq: 2 }),
      type: fc.constantFrom(...TYPES),
      body: fc.oneof(
        fc.constantFrom(...BODIES),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      ),
      cookie: fc.constantFrom(
        undefined,
        undefined,
        sessionCookie,
        'next-auth.session-token=garbage',
        'film-spoilers=%ff',
        'next-auth.callback-url=http%3A%2F%2Fevil.example',
        'a=b; spoilers=full',
      ),
      forwardedHost: fc.option(fc.constantFrom('evil.example', host), { freq: 8 }),
    })
    .map(({ method, target: t, origin, action, type, body, cookie, forwardedHost }): Sent => {
      const headers: Record<string, string> = { Host: host, Connection: 'close' };
      if (origin) headers.Origin = origin === 'SAME' ? `http://${host}` : origin;
      if (action !== null) headers['Next-Action'] = action;
      if (type) headers['Content-Type'] = type;
      if (cookie) headers.Cookie = cookie;
      if (forwardedHost) headers['X-Forwarded-Host'] = forwardedHost;
      const bytes = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(body, 'latin1');
      if (bytes.length > 0 || method === 'POST' || method === 'PUT' || method === 'PATCH') headers['Content-Length'] = String(bytes.length);
      return { method, target: t, headers, body: bytes };
    });
}

/**
 * One request on its own connection; the status line's code, or what happened instead: 0 the
 * server closed the connection without a status line, -1 no answer within a minute, -2 the
 * connection failed (reset) before any byte of an answer. Each of those is a request left
 * unanswered, a failure like a 5xx.
 *
 * None of the generated requests may legitimately go unanswered, the deliberately malformed ones
 * included: a request line Node's parser refuses (a target with a space, from the `' OR 1=1 --`
 * fragment, or a byte above 0x7f, from `\u00e9` written as latin-1) is answered by Node itself with
 * `400 Bad Request` before it closes (its default `clientError` answer; serve.mjs adds no handler);
 * every body is sent whole with a true Content-Length, so no answer waits for bytes that never
 * come; and the bodies the request guard refuses are small enough for it to read and drop after
 * its answer, so the answer is not lost to a reset.
 */
function send(port: number, { method, target, headers, body }: Sent): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    const done = (status: number) => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(60_000, () => done(-1));
    socket.on('connect', () => {
      const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
    });
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (status) done(Number(status[1]));
      else if (head.length > 64) done(0);
    });
    socket.on('error', () => done(head ? 0 : -2));
    socket.on('close', () => done(0));
  });
}

test('no input makes the production server answer 5xx', async ({ browser, baseURL }) => {
  const url = new URL(baseURL!);
  const port = Number(url.port);
  const { context } = await signedInContext(browser, 'admin@example.com');
  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith('next-auth.session-token'));
  await context.close();
  expect(session, 'signed in as the demo admin').toBeDefined();

  const logFile = path.join(process.cwd(), 'test-results', 'e2e-server.log');
  const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;

  console.log(`HTTP fuzz: ${REQUESTS} requests, FUZZ_SEED=${SEED}`);
  const actions = actionIds();
  const paths = await fuzzPaths();
  console.log(`${paths.length} addresses of pages and routes to start from`);
  expect(actions.length, 'server actions in the build manifest').toBeGreaterThan(0);
  const cookie = `${session!.name}=${session!.value}`;
  const calls = fc.sample(actionCalls(actions, url.host, cookie), { seed: SEED, numRuns: actions.length * CALLS_PER_ACTION });
  console.log(`${actions.length} server actions, ${calls.length} calls by their real ids`);
  // The action calls first: the general fuzz may end the admin's session (sign-out).
  const requests = [...calls, ...fc.sample(generator(paths, actions, url.host, cookie), { seed: SEED, numRuns: REQUESTS })];
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const status = await send(port, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500 || status <= 0)
          failures.push(
            `${status} ${request.method} ${request.target.slice(0, 200)} ${JSON.stringify(request.headers)} body=${JSON.stringify(request.body.toString('latin1').slice(0, 200))}`,
          );
      }
    }),
  );
  console.log(
    `statuses: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} ×${count}`)
      .join(', ')}`,
  );

  expect(
    failures.slice(0, 20),
    `seed ${SEED}: ${failures.length} answers of 5xx or none (0: closed without an answer, -1: none within a minute, -2: reset before one)`,
  ).toEqual([]);
  // The server still answers, and wrote no error line for any of it.
  expect((await fetch(`${baseURL}/api/health`)).status).toBe(200);
  if (fs.existsSync(logFile)) {
    const errors = fs
      .readFileSync(logFile, 'utf8')
      .slice(logStart)
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors.slice(0, 5), 'error lines in the server log').toEqual([]);
  }
});
