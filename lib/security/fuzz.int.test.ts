/**
 * Fuzz: 2,000+ generated requests over every route handler and every server action —
 * odd methods, path parameters and queries with NUL, lone surrogates, percent-escapes and huge
 * values, session cookies and Bearer tokens of each role or forged, same- and cross-origin, bodies
 * of any shape and content type — assert that nothing answers 5xx (or throws) and that a refused
 * request (4xx) changes nothing (a digest of every table before and after).
 *
 * In process, on the real PostgreSQL: the handlers are the exported functions Next.js calls, found
 * by globbing app/**\/route.ts and every 'use server' module (as the authorization matrix does), so
 * a new route or action is fuzzed without being listed. What runs before the handlers in the
 * standalone server — the request guard of server/serve.mjs (methods, percent-encoding) — has its
 * own test on a real HTTP server (lib/http/request-guard.test.ts). next-auth's route needs Next's
 * request context and is left out; sign-in's bad input is covered in hardening.int.test.ts.
 */
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { db } from '../db';
import { sampleFilm } from '../../test-support/sample-film';
import { hashToken, newTokenSecret } from '../auth/api-token';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { sessionCookieFor } from '../../test-support/session-cookie';
import { REPO_ROOT as ROOT, actionFiles, routeFiles } from '../../test-support/entry-points';

let currentHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
// No Next.js cache here: cached readers run uncached, invalidations do nothing.
vi.mock('next/cache', () => ({
  revalidatePath: () => {},
  revalidateTag: () => {},
  updateTag: () => {},
  refresh: () => {},
  unstable_cache: <T>(fn: T) => fn,
  cacheTag: () => {},
  cacheLife: () => {},
}));
vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { digest: `NEXT_REDIRECT;replace;${url};307;` });
  },
  notFound: () => {
    throw Object.assign(new Error('NEXT_HTTP_ERROR_FALLBACK;404'), { digest: 'NEXT_HTTP_ERROR_FALLBACK;404' });
  },
}));

const RUNS = 2_000;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Route handlers that need Next.js's own request context (not callable in process). */
const LEFT_OUT = new Set(['app/api/auth/[...nextauth]/route.ts']);

type Target =
  | { kind: 'route'; label: string; file: string; method: string; handler: RouteHandler; segments: string[]; params: string[] }
  | { kind: 'action'; label: string; action: (input: unknown) => Promise<unknown> };

const targets: Target[] = [];
let published = '';
let identities: Record<string, Record<string, string>> = {};

/** Every table's rows, hashed per table in one query (but for last-use stamps): equal digests, equal data. */
async function digest(): Promise<Record<string, string>> {
  const tables = await db().$queryRaw<Array<{ name: string }>>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY table_name`;
  // A token's and a session's last use are bookkeeping written on any authenticated request, refused
  // or not (a session's at most every 5 minutes: a run longer than that on a slow machine meets it).
  const rowHash = `md5((to_jsonb(t) - 'lastUsedAt' - 'lastSeenAt')::text)`;
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, (SELECT md5(coalesce(string_agg(${rowHash}, '' ORDER BY ${rowHash}), '')) FROM "${name}" t) AS digest`,
  );
  const rows = await db().$queryRawUnsafe<Array<{ name: string; digest: string }>>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/**
 * The first transaction id the server has not yet seen end. A request that wrote a row anywhere
 * ended a transaction that had one, so while it is unchanged no table changed and the digest
 * before still holds; when it moved (bookkeeping, another database), the digest decides.
 */
async function nextTransactionId(): Promise<string> {
  const [row] = await db().$queryRaw<Array<{ xmax: string }>>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`;
  return row.xmax;
}

/** The tables whose rows differ between two digests: named in a failure, so it says what changed. */
function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name]).sort();
}

beforeAll(async () => {
  for (const file of routeFiles().filter((f) => !LEFT_OUT.has(f))) {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, RouteHandler | undefined>;
    const segments = path
      .dirname(file)
      .split('/')
      .slice(1)
      .filter((s) => !/^\(.*\)$/.test(s));
    const params = segments.flatMap((s) => /^\[(\w+)\]$/.exec(s)?.[1] ?? []);
    for (const method of METHODS) {
      const handler = mod[method];
      if (handler) targets.push({ kind: 'route', label: `${method} ${file}`, file, method, handler, segments, params });
    }
  }
  for (const file of actionFiles()) {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
    for (const [name, action] of Object.entries(mod)) {
      if (typeof action === 'function')
        targets.push({ kind: 'action', label: `${file} ${name}`, action: action as (input: unknown) => Promise<unknown> });
    }
  }

  const suffix = Math.random().toString(36).slice(2, 8);
  const admin = await db().user.create({ data: { email: `fuzz-admin-${suffix}@test.example`, role: 'ADMIN', passwordHash: 'not-used' } });
  const editor = await db().user.create({
    data: { email: `fuzz-editor-${suffix}@test.example`, role: 'EDITOR', passwordHash: 'not-used' },
  });
  const token = async (role: 'ADMIN' | 'EDITOR') => {
    const secret = newTokenSecret();
    await db().apiToken.create({
      data: { name: `fuzz-${role}`, role, prefix: secret.slice(0, 12), tokenHash: hashToken(secret), createdById: admin.id },
    });
    return `Bearer ${secret}`;
  };
  identities = {
    anonymous: {},
    admin: { cookie: await sessionCookieFor(admin) },
    editor: { cookie: await sessionCookieFor(editor) },
    adminToken: { authorization: await token('ADMIN') },
    editorToken: { authorization: await token('EDITOR') },
    forgedToken: { authorization: 'Bearer cms_forged\u00e9' },
    forgedCookie: { cookie: 'next-auth.session-token=eyJhbGciOiJkaXIi.forged; spoilers=full' },
  };
  // A published film with a quiz, so the fuzz reaches past "not found".
  published = `fuzz-film-${suffix}`;
  const create = targets.find((t) => t.kind === 'route' && t.label === 'POST app/api/v1/editor/films/route.ts') as Extract<
    Target,
    { kind: 'route' }
  >;
  const created = await callRoute(
    create.handler,
    'POST',
    '/x',
    {},
    { headers: identities.adminToken, json: { content: sampleFilm({ slug: published, title: 'Fuzz Film' }) } },
  );
  expect(created.status).toBe(201);
  const publish = targets.find((t) => t.kind === 'route' && t.label === 'POST app/api/v1/editor/films/[slug]/publish/route.ts') as Extract<
    Target,
    { kind: 'route' }
  >;
  expect(
    (await callRoute(publish.handler, 'POST', '/x', { slug: published }, { headers: identities.adminToken, json: { revision: 1 } })).status,
  ).toBe(200);
}, 180_000);

afterAll(async () => {
  await db().$disconnect();
});

const nasty = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'kiss\u0000',
    '\uD800',
    'x\uDC00y',
    '%ff',
    '%00',
    '%E0%A4',
    '../../etc/passwd',
    '/%0A/evil',
    '/%09/evil.example',
    '\\\\evil',
    'javascript:alert(1)',
    "' OR 1=1 --",
    '<script>x</script>',
    '1',
    '0',
    '-1',
    '2',
    '1e309',
    'NaN',
    '',
    ' ',
    'a'.repeat(5000),
    '🎬',
    'full',
    'json',
    'text',
    'draft',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);
const paramValue = () => fc.oneof(fc.constant('__published__'), nasty);
const jsonLike = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ revision: fc.oneof(fc.integer(), nasty) }),
  fc.record({ baseRevision: fc.oneof(fc.integer({ min: -2, max: 5 }), nasty), content: fc.anything({ maxDepth: 2 }) }),
  fc
    .record({
      field: fc.constantFrom('title', 'slug', 'premise', 'releaseYear', 'events', 'quiz'),
      value: fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 })),
    })
    .map(({ field, value }) => ({
      content: { ...sampleFilm({ slug: 'fuzz-new' }), [field]: value },
    })),
  fc.record({ answers: fc.dictionary(nasty, nasty, { maxKeys: 3 }) }),
  fc.record({ tabId: nasty, action: fc.constantFrom('heartbeat', 'take-over', 'leave', 'x') }),
);
const body = fc.oneof(
  fc.constant(undefined),
  jsonLike.map((value) => ({ text: JSON.stringify(value), type: 'application/json' })),
  fc.record({
    text: fc.oneof(
      nasty,
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.constant('{"content":'),
      fc.constant('{"title":"\\u0000"}'),
    ),
    type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''),
  }),
);

/** A parameter as it would stand in the address (a lone surrogate cannot be percent-encoded: U+FFFD). */
const encodePath = (value: string) =>
  encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

const request = fc.record({
  target: fc.nat(),
  params: fc.array(paramValue(), { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(fc.constantFrom('q', 'status', 'spoilers', 'format', 'revision', 'level', 'return', 'attempt', '\u0000'), nasty, {
    maxKeys: 3,
  }),
  who: fc.constantFrom('anonymous', 'admin', 'editor', 'adminToken', 'editorToken', 'forgedToken', 'forgedCookie'),
  origin: fc.constantFrom('same', 'none', 'http://cms.test:4000', 'null', 'same-origin-fetch'),
  body,
  actionInput: fc.oneof(fc.anything({ maxDepth: 3 }), jsonLike),
});

it(`${RUNS} generated requests: no 5xx, and a refused request changes nothing`, async () => {
  const statuses = new Map<number, number>();
  // The id first: a write between the two makes the next look take the digest again.
  let transactionId = await nextTransactionId();
  let before = await digest();
  let digests = 0;
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const target = targets[r.target % targets.length];
      const headers: Record<string, string> = { ...identities[r.who] };
      if (r.origin === 'same-origin-fetch') headers['sec-fetch-site'] = 'same-origin';
      else if (r.origin !== 'same' && r.origin !== 'none') headers.origin = r.origin;
      let status: number;
      if (target.kind === 'route') {
        const values = r.params.map((v) => (v === '__published__' ? published : v));
        const params = Object.fromEntries(target.params.map((name, i) => [name, values[i] ?? '']));
        const address = target.segments
          .map((s) => {
            const name = /^\[(\w+)\]$/.exec(s)?.[1];
            return name ? encodePath(params[name]) : s;
          })
          .join('/');
        const search = new URLSearchParams(r.query).toString();
        if (r.body?.type) headers['content-type'] = r.body.type;
        const response = await callRoute(target.handler, target.method, `/${address}${search ? `?${search}` : ''}`, params, {
          headers,
          ...(r.body && target.method !== 'GET' ? { body: r.body.text } : {}),
          sameOrigin: r.origin === 'same',
        }).catch((error: unknown) => {
          throw new Error(`${target.label} threw: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
        });
        status = response.status;
        await response.arrayBuffer();
      } else {
        currentHeaders = new Headers({ ...headers, ...(r.origin === 'same' ? { origin: 'http://cms.test' } : {}) });
        const result = (await target.action(r.actionInput).catch((error: unknown) => {
          // redirect()/notFound() are how actions end a request, not failures.
          if ((error as { digest?: string })?.digest?.startsWith('NEXT_')) return { ok: true };
          throw new Error(`${target.label} threw: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`);
        })) as { ok?: boolean; status?: number } | undefined;
        status = result && result.ok === false ? (result.status ?? 500) : 200;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status, target.label).toBeLessThan(500);
      const nextId = await nextTransactionId();
      const after = nextId === transactionId ? before : (digests++, await digest());
      transactionId = nextId;
      if (status >= 400) expect(changedTables(before, after), `${target.label} answered ${status} but changed these tables`).toEqual([]);
      before = after;
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  // The run reached past the guards: some requests were accepted, and several kinds were refused.
  console.info(
    `fuzz: ${targets.length} targets, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, ${digests} requests wrote somewhere`,
  );
  expect([...statuses.keys()].filter((s) => s < 300).length).toBeGreaterThan(0);
  expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(4);
}, 600_000);
