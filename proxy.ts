import { NextResponse, type NextRequest } from 'next/server';
import { SPOILER_COOKIE, SPOILER_QUERY, levelVariantPath, readerAddress, readerLevel } from '@/lib/reader/reader-level';
import { isPublishedAddress } from '@/lib/reader/published-address';
import { MISSING_PATH } from '@/lib/reader/missing-page';

/**
 * One cached page per spoiler level: `/films/{slug}` and `/people/{slug}` are rewritten onto their
 * static variant `/…/{slug}/level/{level}` (the level from `?spoilers=`, else the cookie, else none),
 * so a reader's level never makes a page dynamic. The address in the browser stays the same.
 * An address that names nothing published goes to the site's 404 page instead (see
 * isPublishedAddress for why not the page's own notFound()).
 */
export async function proxy(request: NextRequest) {
  const { nextUrl } = request;
  const address = readerAddress(nextUrl.pathname);
  if (!address) return NextResponse.next();
  const url = nextUrl.clone();
  url.searchParams.delete(SPOILER_QUERY);

  if (!(await isPublishedAddress(address.section, decodeURIComponent(address.slug)))) {
    url.pathname = MISSING_PATH;
    return NextResponse.rewrite(url);
  }

  const level = readerLevel(nextUrl.searchParams.get(SPOILER_QUERY), request.cookies.get(SPOILER_COOKIE)?.value);
  url.pathname = levelVariantPath(nextUrl.pathname, level)!;
  const response = NextResponse.rewrite(url);
  // The same address answers differently per cookie: shared caches must not mix readers' levels.
  response.headers.set('Vary', 'Cookie');
  response.headers.set('Cache-Control', 'private, no-cache');
  return response;
}

// `/films/{slug}/quiz` and deeper paths are not matched: only the two page addresses themselves.
export const config = { matcher: ['/films/:slug', '/people/:slug'] };
