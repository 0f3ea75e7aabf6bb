import { NextResponse, type NextRequest } from 'next/server';
import { parseSpoilerLevel } from '@/lib/spoilers/levels';
import { SPOILER_COOKIE, SPOILER_COOKIE_MAX_AGE, safeReturnPath } from '@/lib/reader/reader-level';

/**
 * `GET /spoilers?level=light&return=/films/kiss-and-cry`: remembers the reader's spoiler level in a
 * cookie and goes back to the page (303), so the level links work without JavaScript.
 */
export function GET(request: NextRequest) {
  const level = parseSpoilerLevel(request.nextUrl.searchParams.get('level'));
  // A relative Location: right behind any proxy, whatever host name the server itself sees.
  const response = new NextResponse(null, { status: 303, headers: { Location: safeReturnPath(request.nextUrl.searchParams.get('return')) } });
  response.cookies.set(SPOILER_COOKIE, level, {
    path: '/',
    maxAge: SPOILER_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: request.nextUrl.protocol === 'https:',
    httpOnly: false,
  });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
