import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNMATCHED, methodLabel, routePatternMatcher, type RoutesManifest } from './route-pattern.mjs';

// An excerpt of a build's routes-manifest.json, as `next build` writes it for this app.
const manifest: RoutesManifest = {
  staticRoutes: [
    { page: '/', regex: '^/(?:/)?$' },
    { page: '/search', regex: '^/search(?:/)?$' },
    { page: '/api/v1/films', regex: '^/api/v1/films(?:/)?$' },
    { page: '/sitemap.xml', regex: '^/sitemap\\.xml(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/api/auth/[...nextauth]', regex: '^/api/auth/(.+?)(?:/)?$' },
    { page: '/api/v1/editor/films/[slug]', regex: '^/api/v1/editor/films/([^/]+?)(?:/)?$' },
    { page: '/api/v1/editor/films/[slug]/publish', regex: '^/api/v1/editor/films/([^/]+?)/publish(?:/)?$' },
    { page: '/api/v1/films/[slug]', regex: '^/api/v1/films/([^/]+?)(?:/)?$' },
    { page: '/films/[slug]/level/[level]', regex: '^/films/([^/]+?)/level/([^/]+?)(?:/)?$' },
    { page: '/films/[slug]/quiz', regex: '^/films/([^/]+?)/quiz(?:/)?$' },
    { page: '/set-password/[token]', regex: '^/set\\-password/([^/]+?)(?:/)?$' },
  ],
};
const routeOf = routePatternMatcher(manifest);
const KNOWN = new Set([
  ...manifest.staticRoutes!.map((route) => route.page),
  ...manifest.dynamicRoutes!.map((route) => route.page),
  '/films/[slug]',
  '/people/[slug]',
  '/[locale]',
  '/[locale]/films/[slug]',
  '/[locale]/people/[slug]',
  '/_next/static/[...path]',
  UNMATCHED,
]);

describe('routePatternMatcher', () => {
  it.each([
    ['/', '/'],
    ['/?genre=drama', '/'],
    ['/search?q=heat', '/search'],
    ['/search/', '/search'],
    ['/api/v1/films', '/api/v1/films'],
    ['/api/v1/films/heat', '/api/v1/films/[slug]'],
    ['/api/v1/editor/films/heat/publish', '/api/v1/editor/films/[slug]/publish'],
    ['/api/v1/editor/films/heat', '/api/v1/editor/films/[slug]'],
    ['/api/auth/callback/credentials', '/api/auth/[...nextauth]'],
    ['/set-password/tok_3f9a2b?x=1', '/set-password/[token]'],
    ['/films/heat-1995', '/films/[slug]'],
    ['/films/heat-1995?spoilers=full', '/films/[slug]'],
    ['/films/heat-1995/quiz', '/films/[slug]/quiz'],
    ['/films/heat-1995/level/full', '/films/[slug]/level/[level]'],
    ['/people/al-pacino', '/people/[slug]'],
    ['/fr', '/[locale]'],
    ['/fr/films/heat-1995', '/[locale]/films/[slug]'],
    ['/fr/people/al-pacino?spoilers=none', '/[locale]/people/[slug]'],
    ['/_next/static/chunks/app-4f2a.js', '/_next/static/[...path]'],
  ])('%s → %s', (url, pattern) => {
    expect(routeOf(url)).toBe(pattern);
  });

  it('answers `unmatched` for paths no route answers', () => {
    for (const url of ['/nope', '/films', '/films/a/b/c/d', '/api/v1/films/a/b/c', '/sitemap.xml.bak', '', '/set-password/'])
      expect(routeOf(url), url).toBe(UNMATCHED);
  });

  it('never returns anything but a route pattern, whatever the path', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (pathname, query) => {
        const label = routeOf(`${pathname}?${query}`);
        expect(KNOWN.has(label), label).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('methodLabel', () => {
  it('keeps the methods routes answer and folds the others', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('DELETE')).toBe('DELETE');
    for (const method of ['PROPFIND', 'TRACE', 'get', undefined]) expect(methodLabel(method)).toBe('other');
  });
});
