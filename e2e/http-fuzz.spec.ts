/**
 * An HTTP fuzz of the production server (the standalone build behind server/serve.mjs: request
 * guard, proxy.ts, pages, server actions, route handlers, next-auth): FUZZ_REQUESTS (10,000)
 * generated requests, seeded (FUZZ_SEED, printed, to replay a failure), written by hand on sockets
 * so that any method, target, header and body can be sent. Asserts that nothing answers 5xx and
 * that the server logs no error line for them.
 *
 * What is generated: the app's addresses (reader pages at any level, editor pages, the REST API,
 * next-auth's routes, media, feeds) mutated with bad percent-encoding, NUL, traversal, long values,
 * foreign callbackUrls and absolute-form targets; every server action by its real id (from the
 * build's manifest) and made-up ids; bodies that are JSON arrays, objects, broken JSON, valid and
 * broken multipart forms, random bytes; Origin same, foreign, `null` or garbage; anonymous, an
 * admin's session cookie or garbage cookies.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { signedInContext } from './support/editor-session';

const REQUESTS = Number(process.env.FUZZ_REQUESTS) || 10_000;
const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const PARALLEL = 8;

test.setTimeout(20 * 60_000);

type Sent = { method: string; target: string; headers: Record<string, string>; body: Buffer };

function actionIds(): string[] {
  const manifest = path.join(process.cwd(), '.next/server/server-reference-manifest.json');
  try {
    return Object.keys(JSON.parse(fs.readFileSync(manifest, 'utf8')).node ?? {});
  } catch {
    return [];
  }
}

const PATHS = [
  '/',
  '//',
  '/page/2',
  '/films',
  '/films/kiss-and-cry',
  '/films/kiss-and-cry/level/none',
  '/films/kiss-and-cry/level/full',
  '/films/kiss-and-cry/quiz',
  '/films/kiss-and-cry/quiz/answers',
  '/films/no-such-film',
  '/people/no-one',
  '/search',
  '/search?q=kiss',
  '/spoilers',
  '/login',
  '/account',
  '/editor',
  '/editor/films/kiss-and-cry',
  '/editor/jobs',
  '/editor/audit',
  '/editor/users',
  '/no-such-page',
  '/_missing',
  '/api/v1/films',
  '/api/v1/films/kiss-and-cry',
  '/api/v1/films/kiss-and-cry/quiz',
  '/api/v1/films/kiss-and-cry/quiz/attempts',
  '/api/v1/editor/films',
  '/api/v1/editor/films/kiss-and-cry',
  '/api/v1/editor/media',
  '/api/v1/editor/import',
  '/api/v1/openapi.json',
  '/api/auth/session',
  '/api/auth/csrf',
  '/api/auth/providers',
  '/api/auth/signin',
  '/api/auth/signout',
  '/api/auth/error',
  '/api/auth/callback/credentials',
  '/api/auth/signin/credentials',
  '/api/auth/nope',
  '/api/health',
  '/api/ready',
  '/media/00000000000000000000000000000000/w320.webp',
  '/sitemap.xml',
  '/robots.txt',
  '/_next/static/nope.js',
];
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

function generator(actions: string[], host: string, sessionCookie: string) {
  const target = fc
    .tuple(
      fc.constantFrom(...PATHS),
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

/** One request on its own connection; the status line's code (0 when the server closed without one). */
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
  const requests = fc.sample(generator(actionIds(), url.host, `${session!.name}=${session!.value}`), { seed: SEED, numRuns: REQUESTS });
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const status = await send(port, request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500 || status === -1)
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

  expect(failures.slice(0, 20), `seed ${SEED}: ${failures.length} answers of 5xx (or no answer within a minute)`).toEqual([]);
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
