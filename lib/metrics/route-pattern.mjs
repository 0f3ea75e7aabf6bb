// @ts-check
/**
 * A request's route pattern for metric labels (`/films/[slug]`, `/api/v1/editor/films/[slug]/publish`,
 * `/set-password/[token]`), never its raw path: whatever addresses clients send, the label takes one
 * of a fixed set of values, so the number of series stays bounded.
 *
 * Derived from the build's own route tree (`<distDir>/routes-manifest.json`, which lists every
 * page and route handler under app/ with the regular expression Next matches it by), read when the
 * server starts, plus the reader addresses proxy.ts rewrites onto their variants (`/films/{slug}` →
 * `/films/{slug}/level/{level}`), which are no route of their own. Anything else is `unmatched`.
 */

import { parseAddress } from '../reader/reader-address.mjs';

/** The label of a path no route answers. */
export const UNMATCHED = 'unmatched';

/**
 * Reader pages proxy.ts rewrites onto their variants (lib/reader/reader-address.mjs): matched after
 * the build's routes.
 * @param {string} pathname
 */
function rewrittenPage(pathname) {
  const address = parseAddress(pathname);
  // The list in a translation's language: `/fr` renders its first page's route.
  if (address?.kind === 'list' && address.locale !== undefined && address.page === 1) return '/[locale]';
  if (address?.kind !== 'film' && address?.kind !== 'person') return null;
  if (address.level || address.malformed || ('upto' in address && address.upto !== undefined)) return null;
  return `${address.locale ? '/[locale]' : ''}${address.kind === 'film' ? '/films/[slug]' : '/people/[slug]'}`;
}

/** Next's own assets (hashed file names). */
const NEXT_STATIC = { page: '/_next/static/[...path]', regex: /^\/_next\/static\// };

/**
 * @typedef {{ page: string, regex: string }} ManifestRoute
 * @typedef {{ staticRoutes?: ManifestRoute[], dynamicRoutes?: ManifestRoute[] }} RoutesManifest
 */

/**
 * The mapper for a build: static routes first (exact), then dynamic ones in the manifest's order
 * (Next's own: the most specific first), then proxy.ts's reader addresses.
 * @param {RoutesManifest} manifest
 * @returns {(url: string | undefined) => string}
 */
export function routePatternMatcher(manifest) {
  /** @type {Map<string, string>} */
  const exact = new Map();
  for (const { page } of manifest.staticRoutes ?? []) {
    exact.set(page, page);
    if (page !== '/') exact.set(`${page}/`, page);
  }
  const patterns = [NEXT_STATIC, ...(manifest.dynamicRoutes ?? []).map(({ page, regex }) => ({ page, regex: new RegExp(regex) }))];
  return (url) => {
    const raw = url ?? '';
    const query = raw.indexOf('?');
    const pathname = query >= 0 ? raw.slice(0, query) : raw;
    const found = exact.get(pathname);
    if (found) return found;
    for (const { page, regex } of patterns) if (regex.test(pathname)) return page;
    return rewrittenPage(pathname) ?? UNMATCHED;
  };
}

/** Methods Node's parser accepts that a route may answer; any other is `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** @param {string | undefined} method */
export function methodLabel(method) {
  return method && METHODS.has(method) ? method : 'other';
}
