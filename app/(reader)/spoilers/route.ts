import { NextResponse, type NextRequest } from 'next/server';
import { parseLevel } from '@/lib/spoilers/spoiler-levels.mjs';
import { ValidationError } from '@/lib/errors';
import { domainProblem } from '@/lib/api/problem';
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
 * of its level; `upto` needs `film`, and a level is one (400 otherwise, naming the field, with the
 * cookie left as it was).
 */
export function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const film = params.get('film');
  if (film !== null && !isFilmSlug(film))
    return refused(request, ValidationError.field('film', 'Not a film address (lowercase letters, digits and hyphens)'));
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
    if (wrong) return refused(request, wrong);
    choices = chooseUpto(current, film!, upto!);
  } else {
    const level = parseLevel(params.get('level'));
    if (level === null) return refused(request, ValidationError.field('level', 'The spoiler level: none, light or full'));
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

/** A 400 naming the field, as the API's problems do; no cookie is set, so the reader's choice stays. */
function refused(request: NextRequest, error: ValidationError) {
  return domainProblem(error, request);
}
