import { NextResponse, type NextRequest } from 'next/server';
import {
  DECIDED_UPSTREAM_ENV,
  READER_LEVEL_HEADER,
  RENDERED_LEVEL_HEADER,
  decideReaderLevel,
  formatLevelDecision,
  parseLevelDecision,
  readAddress,
  renderedReadingOfPath,
  type AddressReading,
  type LevelDecision,
} from '@/lib/reader/level-cookie.mjs';
import {
  SEARCH_QUERY_NAME,
  SPOILER_QUERY_NAME,
  UPTO_QUERY_NAME,
  buildAddress,
  parseAddress,
  variantOf,
  translatedListRoute,
  type FilmAddress,
  type ListAddress,
  type PeopleAddress,
  type PersonAddress,
  type QuizAddress,
  type ReaderAddress,
  type SearchAddress,
} from '@/lib/reader/reader-address.mjs';
import { defaultLocale, translationLocales } from '@/lib/i18n/site-locales';
import { currentFilmSlug, isPublishedAddress, publishedEventCount, publishedListPages } from '@/lib/reader/published-address';
import { isMissingPath, MISSING_PATH, translatedMissingPath } from '@/lib/reader/missing-page';
import { PAGE_STATUS_HEADER } from '@/lib/http/page-status.mjs';
import { domainProblem } from '@/lib/api/problem';
import { ValidationError } from '@/lib/errors';
import { REQUEST_PATH_HEADER } from '@/lib/auth/sign-in-address';
import { passwordLinkPageStatus } from '@/lib/users/password-link-page-status';
import {
  FILTER_PARAMS,
  filterVariantPath,
  invalidFilterPath,
  isPlainList,
  readFilterQuery,
  type FilmFilter,
} from '@/lib/reader/film-filter';
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
  const address = readAddress(request.nextUrl.pathname + request.nextUrl.search);
  if (address.problem) return withSecurityHeaders(malformed(request, address.problem), pagePolicyFor(MISSING_PATH));
  const decision = levelDecision(request);
  const named = parseAddress(request.nextUrl.pathname);
  const language = named && named.kind !== 'film-api' && 'locale' in named ? languageOf(request, named) : null;
  if (language) return withSecurityHeaders(language, pagePolicyFor(MISSING_PATH));
  const searched = named?.kind === 'search' && !named.level ? searchVariant(request, decision, named.locale) : null;
  const policy = searched?.repeated ? CACHED : pagePolicyFor(request.nextUrl.pathname);
  const headers = renderRequestHeaders(request, policy) ?? new Headers(request.headers);
  headers.set(READER_LEVEL_HEADER, formatLevelDecision(decision));
  headers.set(REQUEST_PATH_HEADER, askedPath(request));
  const init = { request: { headers } };
  const response = searched?.repeated
    ? rewriteSearch(request, searched.path, init, decision)
    : await route(request, init, decision, address, named);
  withSecurityHeaders(response, isMissing(response) ? pagePolicyFor(MISSING_PATH) : policy);
  const rendered = renderedReadingOfPath(destinationPath(request, response));
  if (rendered) response.headers.set(RENDERED_LEVEL_HEADER, rendered);
  return response;
}

/** The address asked for, as a reader would type it: without Next's internal `_rsc` query (client navigations add it). */
function askedPath(request: NextRequest): string {
  const url = new URL(request.nextUrl);
  url.searchParams.delete('_rsc');
  return url.pathname + url.search;
}

function withSecurityHeaders(response: NextResponse, policy: PagePolicy): NextResponse {
  for (const [name, value] of Object.entries(responseSecurityHeaders(policy))) response.headers.set(name, value);
  return response;
}

const MALFORMED: Record<NonNullable<AddressReading['problem']>['field'], string> = {
  spoilers: 'The spoiler level: none, light or full',
  level: 'The spoiler level: none, light or full',
  upto: 'The number of events seen: a whole number',
};

/**
 * An address whose level or point is no level or no number (`?spoilers=extreme`, `/upto/abc`): a
 * 400 naming the field (the API's problem, for pages as for `/api/v1/films/…`), and nothing rendered
 * or logged above info.
 */
function malformed(request: NextRequest, problem: NonNullable<AddressReading['problem']>): NextResponse {
  const answer = domainProblem(ValidationError.field(problem.field, MALFORMED[problem.field]), request);
  return new NextResponse(answer.body, { status: answer.status, headers: answer.headers });
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

/**
 * Chosen by the cookie: the same address answers differently per reader. server/serve.mjs makes
 * Next's cached page public with `Vary: Cookie` (shared caches key it on the spoilers cookie's raw
 * value, and the wrapper keeps it private when that cookie is not canonical); this header's value
 * is what goes out when the page is not a cached one. Chosen by the address (`?spoilers=`), the
 * page is the same for everyone who asks for that address.
 */
function markChosenByCookie(response: NextResponse, decision: LevelDecision) {
  if (decision.source === 'cookie') response.headers.set('x-reader-cache-control', 'private, no-cache');
}

async function route(
  request: NextRequest,
  init: { request: { headers: Headers } },
  decision: LevelDecision,
  reading: AddressReading,
  address: ReaderAddress | null,
) {
  const { nextUrl } = request;
  // Next answers an OPTIONS to a generated sitemap (app/sitemaps/sitemap.ts) by building a 204
  // Response with a body, which throws: a 500. Answered here as Next answers its other routes.
  if (request.method === 'OPTIONS' && nextUrl.pathname.startsWith('/sitemaps/'))
    return new NextResponse(null, { status: 204, headers: { Allow: 'GET, HEAD, OPTIONS' } });
  // Once a child sitemap is in the page cache, Next serves that entry to any method: a POST got the
  // sitemap with a 200 after the first GET. Refused here as Next refuses it before.
  if (nextUrl.pathname.startsWith('/sitemaps/') && !['GET', 'HEAD'].includes(request.method))
    return new NextResponse(null, { status: 405, headers: { Allow: 'GET, HEAD, OPTIONS', 'Cache-Control': 'no-store' } });
  // The translations' 404 page asked for by its own address: the same page, with its status.
  const missingIn = nextUrl.pathname.split('/')[1];
  if (translationLocales().includes(missingIn) && nextUrl.pathname === translatedMissingPath(missingIn)) return missing(request, missingIn);
  const linkStatus = await passwordLinkPageStatus(nextUrl.pathname);
  if (linkStatus !== null) {
    // The page says why the link cannot be used; the status says it to clients and crawlers.
    const response = NextResponse.next(init);
    response.headers.set(PAGE_STATUS_HEADER, String(linkStatus));
    return response;
  }
  // Any address of one film (its page, level and up-to routes, quiz): a renamed film's old one is redirected.
  const film = address?.kind === 'film' || (address?.kind === 'quiz' && !address.answers) ? address : null;
  const locale = address?.kind === 'film' || address?.kind === 'quiz' ? address.locale : undefined;
  if (film && !(await isPublishedAddress('films', film.slug))) return (await renamed(request, film)) ?? missing(request, locale);
  if (film && locale !== undefined && !(await isPublishedAddress('films', film.slug, locale))) return missing(request, locale);
  // A point the film does not have (past its last event), named by the address: not found.
  if (film && reading.upto !== undefined && (await pastLastEvent(film.slug, reading.upto))) return missing(request, locale);
  // Nothing seen yet is no point: the film at no spoilers is its canonical reading.
  if (film?.kind === 'film' && !film.level && reading.upto === 0) return noSpoilers(request, film);
  // A page of the list past its last (a filtered list's: filteredList).
  const filtered = FILTER_PARAMS.some((name) => nextUrl.searchParams.has(name));
  if (address?.kind === 'list' && !filtered && address.page > 1 && (await pastLastPage(address.page, address.locale)))
    return missing(request, address.locale);
  if (address?.kind === 'list' && filtered) return filteredList(request, init, address.page, address.locale);
  if (address?.kind === 'list' && address.locale !== undefined) return translatedList(request, init, address.locale, address.page);
  const variant = variantOf(nextUrl.pathname, decision);
  // A page (not a level or up-to route) is always rewritten; a route already at the decided reading renders as it is.
  const filmPage = address?.kind === 'film' && !address.level && address.upto === undefined && !address.malformed;
  const personPage = address?.kind === 'person' && !address.level && !address.malformed;
  if (variant === null || (!filmPage && !personPage && variant === nextUrl.pathname)) return NextResponse.next(init);
  if (personPage && !(await isPublishedAddress('people', address.slug))) return missing(request, address.locale);

  const url = sameOrigin(request);
  url.searchParams.delete(SPOILER_QUERY_NAME);
  url.searchParams.delete(UPTO_QUERY_NAME);
  // Read up to a point (a film page only): its own variant, never a level's.
  url.pathname = variant;
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

/** The variant of a `/search?q=…` request (lib/reader/reader-address.mjs), and whether it was asked for before. */
function searchVariant(request: NextRequest, decision: LevelDecision, locale: string | undefined): { path: string; repeated: boolean } {
  const path = buildAddress({
    kind: 'search',
    ...(locale !== undefined && { locale }),
    query: request.nextUrl.searchParams.get(SEARCH_QUERY_NAME) ?? '',
    level: decision.level,
    source: decision.source === 'query' ? 'query' : 'cookie',
  });
  const repeated = seenSearches.has(path);
  if (!repeated) seenSearches.set(path, true);
  return { path, repeated };
}

/** A repeated search: onto its static variant, private when the cookie chose its level, like a film page. */
function rewriteSearch(request: NextRequest, path: string, init: { request: { headers: Headers } }, decision: LevelDecision) {
  const url = sameOrigin(request);
  url.searchParams.delete(SPOILER_QUERY_NAME);
  url.searchParams.delete(SEARCH_QUERY_NAME);
  url.pathname = path;
  const response = NextResponse.rewrite(url, init);
  markChosenByCookie(response, decision);
  return response;
}

/**
 * `/?genre=…&year=…&country=…&sort=…` and `/page/N?…` (`/fr?…`, `/fr/page/N?…` in a translation's
 * language): onto the filtered or sorted list's static variant (lib/reader/film-filter.ts).
 * Unlike a film page it does not depend on the cookie, so it keeps Next's public Cache-Control.
 */
async function filteredList(request: NextRequest, init: { request: { headers: Headers } }, page: number, locale: string | undefined) {
  const { filter, problem } = readFilterQuery(request.nextUrl.searchParams);
  // A page past the list's last: the 404 page (the route's own notFound() streams no words).
  if (!problem && page > 1 && (await pastLastPage(page, locale, filter))) return missing(request, locale);
  // A query that filters nothing (`/fr/page/1?sort=published`): the plain list, its page 1 at `/fr` only.
  if (!problem && locale !== undefined && isPlainList(filter)) return translatedList(request, init, locale, page);
  const url = sameOrigin(request);
  url.search = '';
  // A value that is no filter: the list with a message saying why.
  if (problem) {
    url.pathname = invalidFilterPath(problem.field, locale);
    return NextResponse.rewrite(url);
  }
  url.pathname = isPlainList(filter) ? request.nextUrl.pathname : filterVariantPath(filter, page, locale);
  return NextResponse.rewrite(url);
}

/**
 * A permanent redirect (308) to `url`. Permanent for search engines, but the old address may come
 * to mean something again (another film published under a renamed film's slug), so caches keep the
 * redirect as briefly as any reader page (server/serve.mjs: 2 minutes).
 */
function permanentRedirect(url: URL): NextResponse {
  const response = NextResponse.redirect(url, 308);
  response.headers.set('Cache-Control', 'public, max-age=60, stale-while-revalidate=60');
  return response;
}

/**
 * The list in a translation's language: `/{locale}` renders its first page's route, whose own
 * address is sent there (308), so page 1 has one address as in the site's language (a filter's
 * query goes to filteredList first).
 */
function translatedList(request: NextRequest, init: { request: { headers: Headers } }, locale: string, page: number) {
  if (page > 1) return NextResponse.next(init);
  const url = sameOrigin(request);
  const first = buildAddress({ kind: 'list', page: 1, locale });
  if (url.pathname.replace(/\/$/u, '') !== first) {
    url.pathname = first;
    return permanentRedirect(url);
  }
  url.pathname = translatedListRoute(locale, 1);
  return NextResponse.rewrite(url, init);
}

async function pastLastPage(page: number, locale: string | undefined, filter?: FilmFilter): Promise<boolean> {
  const pages = await publishedListPages(locale, filter);
  return pages !== null && page > pages;
}

async function pastLastEvent(slug: string, upto: number): Promise<boolean> {
  const events = await publishedEventCount(slug);
  return events !== null && upto > events;
}

/** A permanent redirect from a renamed film's old address to the same address of the film now, or null. */
async function renamed(request: NextRequest, film: Extract<ReaderAddress, { kind: 'film' | 'quiz' }>): Promise<NextResponse | null> {
  const slug = await currentFilmSlug(film.slug);
  if (!slug) return null;
  const url = sameOrigin(request);
  url.pathname = buildAddress({ ...film, slug, spoilers: undefined });
  return permanentRedirect(url);
}

/**
 * `/films/{slug}/upto/0` and `?upto=0` (nothing seen yet): redirected to the page at no spoilers,
 * `/films/{slug}?spoilers=none` (the address, not the cookie, so a reader who has seen nothing gets
 * none whatever they chose before), with the rest of the query kept.
 */
function noSpoilers(request: NextRequest, film: FilmAddress): NextResponse {
  const url = sameOrigin(request);
  url.pathname = buildAddress({ kind: 'film', slug: film.slug, locale: film.locale });
  url.searchParams.delete(UPTO_QUERY_NAME);
  url.searchParams.set(SPOILER_QUERY_NAME, 'none');
  return permanentRedirect(url);
}

/**
 * An address in a language (`/fr/films/…`, `/fr/search`, `/fr`, `/fr/people/…`): null when it is a translation's the site
 * has; the site's own language has no prefix (`/en/films/x` is redirected to `/films/x`, 308); any
 * other language is the 404 page.
 */
function languageOf(
  request: NextRequest,
  address: FilmAddress | QuizAddress | SearchAddress | ListAddress | PersonAddress | PeopleAddress,
): NextResponse | null {
  if (address.locale === undefined || translationLocales().includes(address.locale)) return null;
  if (address.locale !== defaultLocale()) return missing(request);
  const url = sameOrigin(request);
  // The path only: the query (`?q=`, `?spoilers=`) goes along as it was.
  url.pathname = buildAddress(
    address.kind === 'list'
      ? { kind: 'list', page: address.page }
      : address.kind === 'people'
        ? { kind: 'people' }
        : address.kind === 'search' && !address.level
          ? { ...address, locale: undefined, query: '', spoilers: undefined }
          : { ...address, locale: undefined, spoilers: undefined },
  );
  return permanentRedirect(url);
}

/** Sent to the cached 404 page: it gets that page's policy, whatever address was asked for. */
function isMissing(response: NextResponse): boolean {
  const rewrite = response.headers.get('x-middleware-rewrite');
  return rewrite !== null && isMissingPath(new URL(rewrite).pathname);
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

/**
 * The site's 404 page, rendered as HTML, with the 404 status; in a translation's address, in its
 * language: a page of that language's layout, so the status is set here (PAGE_STATUS_HEADER).
 */
function missing(request: NextRequest, locale?: string) {
  const url = sameOrigin(request);
  url.pathname = locale === undefined ? MISSING_PATH : translatedMissingPath(locale);
  url.search = '';
  const response = NextResponse.rewrite(url);
  if (locale !== undefined) response.headers.set(PAGE_STATUS_HEADER, '404');
  return response;
}

// Everything but build assets (their headers are the fixed ones from next.config.js).
export const config = { matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'] };
