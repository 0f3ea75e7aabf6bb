import 'server-only';
import { env } from '../env';
import { siteUrl } from '../seo/site-url';
import { CACHED_PAGE_BASE_POLICY, CSP_HEADER, HSTS_VALUE, NON_PAGE_POLICY, noncePagePolicy } from './security-policy.mjs';

/**
 * The per-request half of the security headers, for proxy.ts (the fixed half is in next.config.js,
 * a cached page's script hashes come from the page cache; see lib/security/security-policy.mjs).
 */

/**
 * Pages served from the page cache: rendered once, so they cannot carry a per-request nonce, and
 * giving them one would block their scripts. Their script policy travels with the cached page.
 * `/_missing` is the 404 page proxy.ts rewrites unknown reader addresses to.
 */
const CACHED_PAGE =
  /^\/(?:[a-z]{2,3}(?:-[A-Z]{2})?(?:\/|$))?(?:(?:films|people)\/[^/]+(?:\/level\/[^/]+|\/upto\/[^/]+)?\/?|page\/[^/]+\/?|filter\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/?|search\/level\/[^/]+\/[^/]+(?:\/[^/]+)?\/?|_missing)?$/u;

/** Route handlers: JSON, feeds, redirects. */
const NON_PAGE =
  /^\/(?:api\/|spoilers(?:\/|$)|(?:[a-z]{2,3}(?:-[A-Z]{2})?\/)?films\/[^/]+\/quiz\/answers(?:\/|$)|robots\.txt$|sitemap\.xml$|sitemaps\/)/u;

export type PagePolicy = { kind: 'cached' } | { kind: 'non-page' } | { kind: 'nonce'; nonce: string };

/** What a request's response gets: every page not served from the cache is given a fresh nonce. */
export function pagePolicyFor(pathname: string): PagePolicy {
  if (CACHED_PAGE.test(pathname)) return { kind: 'cached' };
  if (NON_PAGE.test(pathname)) return { kind: 'non-page' };
  return { kind: 'nonce', nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64') };
}

/**
 * The request headers the page renders with: Next reads the nonce from the request's CSP header and
 * puts it on every script it writes. Undefined when the request goes on unchanged.
 */
export function renderRequestHeaders(request: Request, policy: PagePolicy): Headers | undefined {
  if (policy.kind !== 'nonce') return undefined;
  const headers = new Headers(request.headers);
  headers.set(CSP_HEADER, noncePagePolicy(policy.nonce));
  return headers;
}

/** The response headers of this request: its CSP, and HSTS where it applies. */
export function responseSecurityHeaders(policy: PagePolicy): Record<string, string> {
  const headers: Record<string, string> = {
    [CSP_HEADER]:
      policy.kind === 'nonce' ? noncePagePolicy(policy.nonce) : policy.kind === 'cached' ? CACHED_PAGE_BASE_POLICY : NON_PAGE_POLICY,
  };
  if (sendsHsts(env().NODE_ENV, siteUrl())) headers['strict-transport-security'] = HSTS_VALUE;
  return headers;
}

/**
 * HSTS only in production when the public address is https: a browser ignores it over http anyway,
 * but sending it from a development or test server on https://localhost would pin that host.
 */
export function sendsHsts(nodeEnv: string, publicUrl: string): boolean {
  return nodeEnv === 'production' && publicUrl.startsWith('https://');
}
