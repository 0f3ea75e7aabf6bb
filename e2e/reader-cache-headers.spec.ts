import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PATH, DEMO_SLUG, LEVELS, demo, found, probesAt } from './reader-demo';
import type { SpoilerLevel } from '../lib/spoilers/levels';

/**
 * What a shared cache (CDN, proxy) may do with each reader address: a response
 * it may store must not depend on the reader's cookie unless it says `Vary: Cookie`, and it may be
 * kept at most two minutes (s-maxage + stale-while-revalidate), so an unpublish reaches every
 * reader soon. Every address, at every level, with and without the spoiler cookie, HTML and RSC.
 */

/** At most this long in a shared cache, fresh and stale together (server/serve.mjs). */
const SHARED_LIMIT_S = 120;
const PERSON = demo.characters.find((character) => character.playedBy)!.playedBy!.slug;

/** Each address with the level it answers at when no cookie is sent. */
const ADDRESSES: Array<{ path: string; level: SpoilerLevel; page: boolean }> = [
  { path: '/', level: 'none', page: true },
  { path: DEMO_PATH, level: 'none', page: true },
  ...LEVELS.map((level) => ({ path: `${DEMO_PATH}?spoilers=${level}`, level, page: true })),
  ...LEVELS.map((level) => ({ path: `${DEMO_PATH}/level/${level}`, level, page: true })),
  { path: `/people/${PERSON}`, level: 'none', page: true },
  ...LEVELS.map((level) => ({ path: `/people/${PERSON}/level/${level}`, level, page: true })),
  { path: `${DEMO_PATH}/quiz`, level: 'none', page: true },
  { path: '/search?q=kiss', level: 'none', page: true },
  ...LEVELS.map((level) => ({ path: `/search?q=kiss&spoilers=${level}`, level, page: true })),
  { path: '/api/v1/films', level: 'none', page: false },
  { path: `/api/v1/films/${DEMO_SLUG}`, level: 'none', page: false },
  ...LEVELS.map((level) => ({ path: `/api/v1/films/${DEMO_SLUG}?spoilers=${level}`, level, page: false })),
];

type Directives = Map<string, string | true>;

function cacheControl(value: string | undefined): Directives {
  const directives: Directives = new Map();
  for (const part of (value ?? '').split(',')) {
    const [name, argument] = part.trim().toLowerCase().split('=');
    if (name) directives.set(name, argument ?? true);
  }
  return directives;
}

/** How long a shared cache may serve the response (fresh + stale), or null when it may not store it. */
function sharedLifetime(directives: Directives): number | null {
  if (directives.has('private') || directives.has('no-store')) return null;
  const fresh = Number(directives.get('s-maxage') ?? directives.get('max-age') ?? Number.NaN);
  const stale = Number(directives.get('stale-while-revalidate') ?? 0);
  return fresh + stale;
}

async function get(request: APIRequestContext, path: string, headers: Record<string, string>) {
  let response = await request.get(path, { headers, maxRedirects: 0 });
  // An RSC request is first redirected to add its `_rsc` parameter; follow it with the same headers.
  const location = response.headers()['location'];
  if (headers.RSC && response.status() >= 300 && response.status() < 400 && location)
    response = await request.get(location, { headers, maxRedirects: 0 });
  return response;
}

for (const address of ADDRESSES) {
  test(`${address.path}: no spoiler chosen by cookie reaches a shared cache, nothing stays there over 2 minutes`, async ({ request }) => {
    const problems: string[] = [];
    for (const cookie of [undefined, ...LEVELS]) {
      for (const rsc of address.page ? [false, true] : [false]) {
        const headers: Record<string, string> = { ...(cookie ? { Cookie: `spoilers=${cookie}` } : {}), ...(rsc ? { RSC: '1' } : {}) };
        const response = await get(request, address.path, headers);
        const what = `${address.path} ${rsc ? 'RSC ' : ''}cookie=${cookie ?? '(none)'}`;
        expect(response.status(), what).toBe(200);
        const directives = cacheControl(response.headers()['cache-control']);
        const lifetime = sharedLifetime(directives);
        if (lifetime === null) continue;
        if (!(lifetime <= SHARED_LIMIT_S))
          problems.push(`${what}: a shared cache may keep it ${lifetime} s (${response.headers()['cache-control']})`);
        const varyCookie = /(^|,)\s*(cookie|\*)\s*(,|$)/i.test(response.headers()['vary'] ?? '');
        if (varyCookie) continue;
        // Stored for everyone: it must hold nothing above what the address shows without a cookie.
        const leaked = found(await response.text(), probesAt(address.level).hidden);
        if (leaked.length > 0)
          problems.push(`${what}: shared-cacheable without Vary: Cookie, with text above level ${address.level}: ${leaked[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
}

test('a page chosen by a canonical cookie is public and varies on it, a crafted one is private; the per-level address is public for a short while', async ({
  request,
}) => {
  const chosen = await request.get(DEMO_PATH, { headers: { Cookie: 'spoilers=full' } });
  expect(cacheControl(chosen.headers()['cache-control']).has('public')).toBe(true);
  expect(chosen.headers()['vary']).toMatch(/\bcookie\b/i);
  const crafted = await request.get(DEMO_PATH, { headers: { Cookie: 'spoilers=%66ull' } });
  expect(cacheControl(crafted.headers()['cache-control']).has('private')).toBe(true);

  const canonical = cacheControl((await request.get(`${DEMO_PATH}/level/full`)).headers()['cache-control']);
  expect(canonical.has('public')).toBe(true);
  expect(Number(canonical.get('s-maxage'))).toBeGreaterThan(0);
  expect(Number(canonical.get('stale-while-revalidate'))).toBeGreaterThan(0);
  expect(sharedLifetime(canonical)).toBeLessThanOrEqual(SHARED_LIMIT_S);
});

test('an address naming nothing published is not kept by shared caches beyond the limit', async ({ request }) => {
  for (const path of ['/films/no-such-film', '/films/no-such-film/level/full', '/people/no-such-person']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(sharedLifetime(cacheControl(response.headers()['cache-control'])) ?? 0, path).toBeLessThanOrEqual(SHARED_LIMIT_S);
  }
});
