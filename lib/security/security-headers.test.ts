import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pagePolicyFor, renderRequestHeaders, sendsHsts } from './security-headers';
import {
  CACHED_PAGE_BASE_POLICY,
  CSP_HEADER,
  inlineScriptHashes,
  noncePagePolicy,
  staticPagePolicy,
  withStaticPagePolicy,
  withoutNonceBesideHashes,
} from './security-policy.mjs';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, as the browser reads it, and skips scripts with a src', () => {
    const html = [
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      '<script>self.__next_f.push([0])</script>',
      '<script>self.__next_f.push([1,"a\\n"])</script>',
      '<script type="application/ld+json">{"@type":"Movie"}</script>',
      '<script>self.__next_f.push([0])</script>',
      '<script>\r\nwindow.x = 1;\r</script>',
      '<SCRIPT nonce="n">upper()</SCRIPT >',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('self.__next_f.push([0])'),
      sha256('self.__next_f.push([1,"a\\n"])'),
      sha256('{"@type":"Movie"}'),
      sha256('\nwindow.x = 1;\n'),
      sha256('upper()'),
    ]);
  });

  it('makes a policy that allows exactly those scripts, without unsafe-inline or unsafe-eval', () => {
    const policy = staticPagePolicy('<script>a()</script>');
    expect(policy).toContain(`script-src 'self' '${sha256('a()')}'`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe');
  });
});

describe('withStaticPagePolicy (the page cache)', () => {
  it('adds the policy to a cached page, keeps one that is there, and leaves other entries alone', () => {
    const page = { kind: 'APP_PAGE', html: '<script>a()</script>', headers: { 'x-next-cache-tags': 'films' } as Record<string, unknown> };
    withStaticPagePolicy(page);
    expect(page.headers[CSP_HEADER]).toBe(staticPagePolicy('<script>a()</script>'));
    page.html = '<script>b()</script>';
    withStaticPagePolicy(page);
    expect(page.headers[CSP_HEADER]).toBe(staticPagePolicy('<script>a()</script>'));

    const route = { kind: 'APP_ROUTE', body: '{}', headers: {} as Record<string, unknown> };
    withStaticPagePolicy(route);
    expect(route.headers[CSP_HEADER]).toBeUndefined();
    expect(withStaticPagePolicy(null)).toBeNull();
  });
});

describe('pagePolicyFor', () => {
  it('cached reader pages get no nonce, route handlers the non-page policy, every other page a fresh nonce', () => {
    for (const path of [
      '/',
      '/films/kiss-and-cry',
      '/people/ana-lima/',
      '/films/kiss-and-cry/level/full',
      '/page/2',
      '/filter/all/2017/CA/title/1',
      '/_missing',
      '/search/level/full/query/c2thdGluZw',
      '/search/level/none/cookie',
      '/fr/films/kiss-and-cry',
      '/fr/films/kiss-and-cry/level/full',
      '/fr/films/kiss-and-cry/upto/3',
      '/fr/search/level/none/query/Y2hldmF1eA',
    ])
      expect(pagePolicyFor(path).kind, path).toBe('cached');
    for (const path of ['/api/v1/films', '/spoilers', '/films/x/quiz/answers', '/sitemap.xml'])
      expect(pagePolicyFor(path).kind, path).toBe('non-page');
    for (const path of [
      '/editor',
      '/editor/users',
      '/login',
      '/account',
      '/search',
      '/search/x',
      '/films/kiss-and-cry/quiz',
      '/films/x/y/z',
    ])
      expect(pagePolicyFor(path).kind, path).toBe('nonce');
    const [a, b] = [pagePolicyFor('/editor'), pagePolicyFor('/editor')];
    expect(a.kind === 'nonce' && b.kind === 'nonce' && a.nonce !== b.nonce && a.nonce.length >= 24).toBe(true);
  });

  it('hands the nonce to the render in the request’s CSP header', () => {
    const policy = pagePolicyFor('/editor');
    const headers = renderRequestHeaders(new Request('http://cms.test/editor'), policy)!;
    expect(headers.get(CSP_HEADER)).toContain(policy.kind === 'nonce' ? `'nonce-${policy.nonce}' 'strict-dynamic'` : 'never');
    expect(renderRequestHeaders(new Request('http://cms.test/'), pagePolicyFor('/'))).toBeUndefined();
  });
});

describe('sendsHsts', () => {
  it('only in production with an https public address', () => {
    expect(sendsHsts('production', 'https://films.example.com')).toBe(true);
    expect(sendsHsts('production', 'http://localhost:3000')).toBe(false);
    expect(sendsHsts('development', 'https://films.example.com')).toBe(false);
    expect(sendsHsts('test', 'https://films.example.com')).toBe(false);
  });
});

describe('withoutNonceBesideHashes (server/serve.mjs, as headers go out)', () => {
  const hashed = staticPagePolicy('<script>self.__next_f.push([1])</script>');
  const nonce = noncePagePolicy('abc');

  it("drops the nonce policy beside a cached page's hash policy (the static 404 page at an address no route matches)", () => {
    expect(withoutNonceBesideHashes([nonce, hashed])).toBe(hashed);
    expect(withoutNonceBesideHashes([CACHED_PAGE_BASE_POLICY, hashed])).toEqual([CACHED_PAGE_BASE_POLICY, hashed]);
  });

  it('leaves a page rendered per request, and a single policy, as they are', () => {
    expect(withoutNonceBesideHashes(nonce)).toBe(nonce);
    expect(withoutNonceBesideHashes([nonce])).toEqual([nonce]);
    expect(withoutNonceBesideHashes(undefined)).toBeUndefined();
  });
});
