/**
 * The authorization matrix: every guarded server action and every route handler × every kind of
 * caller → the guard allows or denies (401 / 403) as the permission table says.
 *
 * Generated from the code, not from a list: route handlers are found by globbing app/**\/route.ts
 * and server actions by finding every 'use server' module, so a new one cannot be left out. A new
 * handler without a permission fails here unless it is declared public below.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { can, type Actor, type Permission } from './permissions';
import { createIdentities, resetIdentities, type Identity } from '../../test-support/identities';
import { callRoute, type RouteHandler } from '../../test-support/call-route';
import { db } from '../db';
import { REPO_ROOT as ROOT, actionFiles, routeFiles, sourceFiles } from '../../test-support/entry-points';

// Server actions read the request through next/headers: give them the identity's headers.
let currentHeaders = new Headers();
vi.mock('next/headers', () => ({
  headers: async () => currentHeaders,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
// Actions and domain functions may invalidate caches; there is no Next.js cache here.
vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Route handlers that are plain functions (no apiHandler, so no permission) and public on purpose.
 * (Handlers written with apiHandler(null, …) are public by construction and need no entry.)
 */
const PUBLIC_HANDLERS = new Set([
  'app/api/auth/[...nextauth]/route.ts GET', // next-auth itself: sign-in, sign-out, session
  'app/api/auth/[...nextauth]/route.ts POST',
  'app/api/health/route.ts GET', // liveness
  'app/api/ready/route.ts GET', // readiness
  'app/api/v1/openapi.json/route.ts GET', // the API description
  // Any /api/v1 address no operation serves: a 404 problem whatever the caller (no data).
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => `app/api/v1/[...path]/route.ts ${method}`),
  'app/metrics/route.ts GET', // Prometheus: its own bearer token (METRICS_TOKEN), checked in the route
]);

/** Guarded locations: everything here must name a permission. */
const EDITORIAL = [/^app\/api\/v1\/editor\//, /^app\/\(editor\)\//];

/** Route handlers that are public by design, by location (reader pages and the public reader API). */
const PUBLIC_LOCATIONS = [/^app\/\(reader\)\//, /^app\/api\/v1\/films(\/|$)/, /^app\/(sitemap|robots)/];

const routes = routeFiles();
const actions = actionFiles();

/** An address for a route file, with a value for each dynamic segment. */
function addressOf(file: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const segments = path
    .dirname(file)
    .split('/')
    .slice(1)
    .filter((s) => !/^\(.*\)$/.test(s))
    .map((segment) => {
      const catchAll = /^\[\[?\.\.\.(\w+)\]?\]$/.exec(segment);
      if (catchAll) return (params[catchAll[1]] = ['matrix']).join('/');
      const dynamic = /^\[(\w+)\]$/.exec(segment);
      if (!dynamic) return segment;
      const value = dynamic[1] === 'n' ? '1' : `matrix-missing-${dynamic[1].toLowerCase()}`;
      params[dynamic[1]] = value;
      return value;
    });
  return { url: `/${segments.join('/')}`, params };
}

type Guarded = {
  label: string;
  kind: 'route' | 'action';
  permission: Permission;
  call: (identity: Identity) => Promise<{ status: number }>;
};

const guarded: Guarded[] = [];
const unguarded: string[] = [];
let identities: Identity[] = [];

beforeAll(async () => {
  for (const file of routes) {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, RouteHandler | undefined>;
    const { url, params } = addressOf(file);
    for (const method of HTTP_METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      const label = `${file} ${method}`;
      if (typeof handler.permission === 'string') {
        guarded.push({
          label,
          kind: 'route',
          permission: handler.permission as Permission,
          call: (identity) =>
            callRoute(handler, method, url, params, { headers: identity.headers, ...(method === 'GET' ? {} : { json: {} }) }),
        });
      } else if (handler.permission === null || PUBLIC_HANDLERS.has(label) || PUBLIC_LOCATIONS.some((p) => p.test(file))) {
        if (EDITORIAL.some((p) => p.test(file))) unguarded.push(`${label} (editorial, but public)`);
      } else unguarded.push(label);
    }
  }
  for (const file of actions) {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
    for (const [name, action] of Object.entries(mod)) {
      const label = `${file} ${name}`;
      const permission = (action as { permission?: unknown } | null)?.permission;
      if (typeof action !== 'function' || typeof permission !== 'string') {
        unguarded.push(`${label} (a server action not made with guardedAction)`);
        continue;
      }
      guarded.push({
        label,
        kind: 'action',
        permission: permission as Permission,
        call: async (identity) => {
          currentHeaders = new Headers(identity.headers);
          const result = (await (action as (input: unknown) => Promise<{ ok: boolean; status?: number }>)({})) ?? { ok: true };
          return { status: result.ok ? 200 : (result.status ?? 500) };
        },
      });
    }
  }
  identities = await createIdentities();
}, 120_000);

afterAll(async () => {
  await db().$disconnect();
});

function expectedFor(identity: Identity, entry: Guarded): 'allow' | 401 | 403 {
  const { permission } = entry;
  // Server actions read sessions only: to them an API token is no one.
  if (identity.token && entry.kind === 'action') return 401;
  const roleDecides = identity.expect === 'role' || identity.roleDecidesFor?.includes(permission);
  if (!roleDecides) return identity.expect as 401 | 403;
  const actor = { userId: 'x', label: 'x', role: identity.role, via: identity.token ? 'token' : 'session' } as Actor;
  return can(actor, permission) ? 'allow' : 403;
}

describe('authorization matrix', () => {
  it('finds the route handlers and server actions', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(actions.length).toBeGreaterThan(0);
    expect(guarded.length).toBeGreaterThan(20);
  });

  it('every editorial route handler and every server action names a permission', () => {
    expect(unguarded, 'Wrap each in apiHandler(permission, …) / guardedAction(…), or declare a public one in PUBLIC_HANDLERS').toEqual([]);
  });

  it('no server action is declared inline (it could not be enumerated)', () => {
    const inline = sourceFiles().filter(
      (file) => !actions.includes(file) && /['"]use server['"]/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(inline).toEqual([]);
  });

  it('answers every entry point × identity as the permission table says', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const entry of guarded) {
      for (const identity of identities) {
        await resetIdentities();
        const expected = expectedFor(identity, entry);
        const { status } = await entry.call(identity);
        const actual = status === 401 || status === 403 ? status : 'allow';
        cells += 1;
        if (actual !== expected)
          mismatches.push(`${entry.label} [${entry.permission}] as ${identity.name}: expected ${expected}, got ${status}`);
      }
    }
    console.log(`authorization matrix: ${guarded.length} entry points × ${identities.length} identities = ${cells} cells`);
    expect(mismatches).toEqual([]);
  }, 300_000);
});
