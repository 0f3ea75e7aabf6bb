import { NextResponse, type NextRequest } from 'next/server';
import {
  READER_LEVEL_HEADER,
  RENDERED_LEVEL_HEADER,
  SPOILER_QUERY,
  UPTO_QUERY_NAME,
  decideReaderLevel,
  filmAddress,
  formatLevelDecision,
  levelVariantPath,
  parseLevelDecision,
  readerAddress,
  renderedReadingOfPath,
  type LevelDecision,
} from '@/lib/reader/reader-level';
import { DECIDED_UPSTREAM_ENV } from '@/lib/reader/level-cookie.mjs';
import { currentFilmSlug, isPublishedAddress } from '@/lib/reader/published-address';
import { MISSING_PATH } from '@/lib/reader/missing-page';
import { isSearchAddress, searchVariantPath } from '@/lib/reader/search-address';
import { FILTER_PARAMS, filterVariantPath, isPlainList, listPageOf, readFilterQuery } from '@/lib/reader/film-filter';
import { boundedCache, stringBytes } from '@/lib/cache/bounded-cache.mjs';
import { pagePolicyFor, renderRequestHeaders, responseSecurityHeaders, type PagePolicy } from '@/lib/security/security-headers';

/**
 * One cached page per spoiler level: `/films/{slug}` and `/people/{slug}` are rewritten onto their
 * static variant `/…/{slug}/level/{level}` (the request's level decision, see decideReaderLevel),
 * so a reader's level never makes a page dynamic. The address in the browser stays the same, and
 * never gets the cookie's level put into it. The decision goes on to the app in the
 * `x-reader-level` request header; the level the variant renders at goes out in `x-rendered-level`
 * (server/serve.mjs's front cache stores a page only when the two agree, then strips it). An address
 * that names nothing published goes to the site's 404 page instead (see isPublishedAddress for why
 * not the page's own notFound()), unless it is a renamed film's old address: that is redirected
 * (308) to the film's address now, with the rest of the path and the query kept.
 */
export async function proxy(request: NextRequest) {
  // Every response gets its CSP (a nonce for pages rendered per request) and HSTS here.
  const decision = levelDecision(request);
  const searched = isSearchAddress(request.nextUrl.pathname) ? searchVariant(request, decision) : null;
  const policy = searched?.repeated ? CACHED : pagePolicyFor(request.nextUrl.pathname);
  const headers = renderRequestHeaders(request, policy) ?? new Headers(request.headers);
  headers.set(READER_LEVEL_HEADER, formatLevelDecision(decision));
  const init = { request: { headers } };
  const response = searched?.repeated ? rewriteSearch(request, searched.path, init, decision) : await route(request, init, decision);
  const served = isMissing(response) ? pagePolicyFor(MISSING_PATH) : policy;
  for (const [name, value] of Object.entries(responseSecurityHeaders(served))) response.headers.set(name, value);
  const rendered = renderedReadingOfPath(destinationPath(request, response));
  if (rendered) response.headers.set(RENDERED_LEVEL_HEADER, rendered);
  return response;
}

/**
 * The request's level: server/serve.mjs's decision when it runs this app (it overwrites any
 * client's header), else decided here by the same function over the same request.
 */
function levelDecision(request: NextRequest): LevelDecision {
  const upstream = process.env[DECIDED_UPSTREAM_ENV] === '1' ? parseLevelDecision(request.headers.get(READER_LEVEL_HEADER)) : null;
  return upstream ?? decideReaderLevel(request.nextUrl.pathname + request.nextUrl.search, request.headers.get('cookie'));
}

/** The path Next renders for this response: the rewrite's destination, else the request's own. */
function destinationPath(request: NextRequest, response: NextResponse): string {
  const rewrite = response.headers.get('x-middleware-rewrite');
  return rewrite ? new URL(rewrite).pathname : request.nextUrl.pathname;
}

/** Chosen by the cookie: the same address answers differently per reader, so no shared cache keeps it. */
function markChosenByCookie(response: NextResponse, decision: LevelDecision) {
  // Next writes the variant's ISR Cache-Control over ours; server/serve.mjs applies this one
  // (and adds Vary: Cookie) as the headers go out. Chosen by the address (`?spoilers=`), the
  // page is the same for everyone who asks for that address: Next's public one stands.
  if (decision.source === 'cookie') response.headers.set('x-reader-cache-control', 'private, no-cache');
}

async function route(request: NextRequest, init: { request: { headers: Headers } }, decision: LevelDecision) {
  const { nextUrl } = request;
  // Next answers an OPTIONS to a generated sitemap (app/sitemaps/sitemap.ts) by building a 204
  // Response with a body, which throws: a 500. Answered here as Next answers its other routes.
  if (request.method === 'OPTIONS' && nextUrl.pathname.startsWith('/sitemaps/'))
    return new NextResponse(null, { status: 204, headers: { Allow: 'GET, HEAD, OPTIONS' } });
  const film = filmAddress(nextUrl.pathname);
  if (film && !(await published('films', film.slug))) return (await renamed(request, film)) ?? missing(request);
  const listPage = listPageOf(nextUrl.pathname);
  if (listPage !== null && FILTER_PARAMS.some((name) => nextUrl.searchParams.has(name))) return filteredList(request, listPage);
  const address = readerAddress(nextUrl.pathname);
  if (!address) return NextResponse.next(init);
  if (address.section === 'people' && !(await published('people', address.slug))) return missing(request);

  const url = sameOrigin(request);
  url.searchParams.delete(SPOILER_QUERY);
  url.searchParams.delete(UPTO_QUERY_NAME);
  // Read up to a point (a film page only): its own variant, never a level's.
  url.pathname =
    decision.upto !== undefined && address.section === 'films'
      ? `/films/${address.slug}/upto/${decision.upto}`
      : levelVariantPath(nextUrl.pathname, decision.level)!;
  const response = NextResponse.rewrite(url, init);
  markChosenByCookie(response, decision);
  return response;
}

const CACHED: PagePolicy = { kind: 'cached' };

/**
 * Searches this server has seen (their variant paths), so that only a repeated one goes to the page
 * cache: rendering a query as a static page and storing it costs about twice a per-request render
 * (docs/benchmarks.md), which one-off queries would pay for nothing. Per process and bounded: an
 * instance that has not seen a query renders it per request once more.
 */
const seenSearches = boundedCache<string, true>('seen-searches', {
  holds: 'which searches were asked before (proxy.ts)',
  maxBytes: 4 * 1024 * 1024,
  sizeOf: (_seen, path) => stringBytes(path) + 64,
});

/** The variant of a `/search?q=…` request (lib/reader/search-address.ts), and whether it was asked for before. */
function searchVariant(request: NextRequest, decision: LevelDecision): { path: string; repeated: boolean } {
  const path = searchVariantPath(
    request.nextUrl.searchParams.get('q') ?? '',
    decision.level,
    decision.source === 'query' ? 'query' : 'cookie',
  );
  const repeated = seenSearches.has(path);
  if (!repeated) seenSearches.set(path, true);
  return { path, repeated };
}

/** A repeated search: onto its static variant, private when the cookie chose its level, like a film page. */
function rewriteSearch(request: NextRequest, path: string, init: { request: { headers: Headers } }, decision: LevelDecision) {
  const url = sameOrigin(request);
  url.searchParams.delete(SPOILER_QUERY);
  url.searchParams.delete('q');
  url.pathname = path;
  const response = NextResponse.rewrite(url, init);
  markChosenByCookie(response, decision);
  return response;
}

/**
 * `/?genre=…&year=…&country=…&sort=…` and `/page/N?…`: onto the filtered or sorted list's static variant (lib/reader/film-filter.ts).
 * Unlike a film page it does not depend on the cookie, so it keeps Next's public Cache-Control.
 */
function filteredList(request: NextRequest, page: number) {
  const { filter, problem } = readFilterQuery(request.nextUrl.searchParams);
  const url = sameOrigin(request);
  url.search = '';
  // A value that is no filter: the list with a message saying why.
  if (problem) {
    url.pathname = `/filter/invalid/${problem.field}`;
    return NextResponse.rewrite(url);
  }
  url.pathname = isPlainList(filter) ? request.nextUrl.pathname : filterVariantPath(filter, page);
  return NextResponse.rewrite(url);
}

/** A slug as it stands in the path, percent-encoded; one that does not decode names nothing. */
async function published(section: 'films' | 'people', encodedSlug: string): Promise<boolean> {
  const slug = decodedSlug(encodedSlug);
  return slug !== null && isPublishedAddress(section, slug);
}

function decodedSlug(encodedSlug: string): string | null {
  try {
    return decodeURIComponent(encodedSlug);
  } catch {
    return null;
  }
}

/** A permanent redirect from a renamed film's old address to its address now, or null. */
async function renamed(request: NextRequest, film: { slug: string; rest: string }): Promise<NextResponse | null> {
  const old = decodedSlug(film.slug);
  const slug = old && (await currentFilmSlug(old));
  if (!slug) return null;
  const url = sameOrigin(request);
  url.pathname = `/films/${encodeURIComponent(slug)}${film.rest}`;
  const response = NextResponse.redirect(url, 308);
  // Permanent for search engines; but another film may be published under the old address later,
  // so caches keep the redirect as briefly as any reader page (server/serve.mjs: 2 minutes).
  response.headers.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=60');
  return response;
}

/** Sent to the cached 404 page: it gets that page's policy, whatever address was asked for. */
function isMissing(response: NextResponse): boolean {
  const rewrite = response.headers.get('x-middleware-rewrite');
  return rewrite !== null && new URL(rewrite).pathname === MISSING_PATH;
}

/**
 * The request's own address, origin as the server saw it, to rewrite within the same server.
 * Next rewrites internally only when the destination's origin equals the request's; `nextUrl`
 * turns 127.0.0.1 and [::1] into `localhost`, and without `skipProxyUrlNormalize` (next.config.js)
 * the proxy sees `localhost` where the server listens on 0.0.0.0 or ::. Either mismatch made Next
 * proxy every reader page over HTTP to itself (vercel/next.js#94745).
 */
function sameOrigin(request: NextRequest): URL {
  return new URL(request.url);
}

/** The site's 404 page, rendered as HTML, with the 404 status. */
function missing(request: NextRequest) {
  const url = sameOrigin(request);
  url.pathname = MISSING_PATH;
  url.search = '';
  return NextResponse.rewrite(url);
}

// Everything but build assets (their headers are the fixed ones from next.config.js).
export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };
