import { NextResponse, type NextRequest } from 'next/server';
import { SPOILER_COOKIE, SPOILER_QUERY, levelVariantPath, readerLevel } from '@/lib/reader/reader-level';

/**
 * One cached page per spoiler level: `/films/{slug}` and `/people/{slug}` are rewritten onto their
 * static variant `/…/{slug}/level/{level}` (the level from `?spoilers=`, else the cookie, else none),
 * so a reader's level never makes a page dynamic. The address in the browser stays the same.
 */
export function proxy(request: NextRequest) {
  const { nextUrl } = request;
  const level = readerLevel(nextUrl.searchParams.get(SPOILER_QUERY), request.cookies.get(SPOILER_COOKIE)?.value);
  const variant = levelVariantPath(nextUrl.pathname, level);
  if (!variant) return NextResponse.next();
  const url = nextUrl.clone();
  url.pathname = variant;
  url.searchParams.delete(SPOILER_QUERY);
  const response = NextResponse.rewrite(url);
  // The same address answers differently per cookie: shared caches must not mix readers' levels.
  response.headers.set('Vary', 'Cookie');
  response.headers.set('Cache-Control', 'private, no-cache');
  return response;
}

// `/films/{slug}/quiz` and deeper paths are not matched: only the two page addresses themselves.
export const config = { matcher: ['/films/:slug', '/people/:slug'] };
