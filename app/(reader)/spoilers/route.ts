import { NextResponse, type NextRequest } from 'next/server';
import { parseSpoilerLevel } from '@/lib/spoilers/levels';
import { ValidationError, errorBody } from '@/lib/errors';
import {
  SPOILER_COOKIE_MAX_AGE,
  chooseLevel,
  chooseUpto,
  type LevelTarget,
  isFilmSlug,
  safeReturnPath,
  serializeLevelCookie,
} from '@/lib/reader/reader-level';
import { parseLevelCookie } from '@/lib/reader/level-cookie.mjs';
import { SPOILER_COOKIE_NAME, parseUpto } from '@/lib/reader/reader-address.mjs';

/**
 * `GET /spoilers?level=light&film=kiss-and-cry&return=/films/kiss-and-cry#timeline`: remembers the
 * reader's spoiler level in a cookie and goes back to the page (303), so the level links work
 * without JavaScript. With `film`, for that film only; with `films=all`, for every film (each
 * film's own choice goes); with neither, for films without a choice of their own (people pages,
 * search). The return path keeps its #section: the browser lands where the reader was.
 * `?upto=N&film=…`: that film read up to a point of its story (the first N events seen), in place
 * of its level; `upto` needs `film` (400 otherwise, naming the field).
 */
export function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const level = parseSpoilerLevel(params.get('level'));
  const film = params.get('film');
  if (film !== null && !isFilmSlug(film)) {
    const error = ValidationError.field('film', 'Not a film address (lowercase letters, digits and hyphens)');
    return NextResponse.json(errorBody(error), { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
  const current = parseLevelCookie(request.cookies.get(SPOILER_COOKIE_NAME)?.value);
  let choices;
  if (params.has('upto')) {
    const upto = parseUpto(params.get('upto'));
    const wrong =
      upto === null
        ? ValidationError.field('upto', 'The number of events seen (0 to 999)')
        : film === null
          ? ValidationError.field('film', 'Which film was read up to this point')
          : null;
    if (wrong) return NextResponse.json(errorBody(wrong), { status: 400, headers: { 'Cache-Control': 'no-store' } });
    choices = chooseUpto(current, film!, upto!);
  } else {
    const target: LevelTarget = film !== null ? { film } : params.get('films') === 'all' ? 'every-film' : 'default';
    choices = chooseLevel(current, level, target);
  }
  // A relative Location: right behind any proxy, whatever host name the server itself sees.
  const response = new NextResponse(null, { status: 303, headers: { Location: safeReturnPath(params.get('return')) } });
  response.cookies.set(SPOILER_COOKIE_NAME, serializeLevelCookie(choices), {
    path: '/',
    maxAge: SPOILER_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: request.nextUrl.protocol === 'https:',
    httpOnly: false,
  });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
