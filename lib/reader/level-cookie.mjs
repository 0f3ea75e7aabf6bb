// @ts-check
/**
 * The reader's level, decided once per request (decideReaderLevel), and the `spoilers` cookie's
 * format. Plain JavaScript: server/serve.mjs decides here before Next, hands the decision on in
 * the `x-reader-level` request header (its own, never the client's), and proxy.ts, the pages, the
 * API and the front cache all use that decision; nothing else reads the cookie to pick a level.
 * lib/reader/reader-level.ts re-exports these with their types.
 *
 * Written as `~`-separated tokens, newest first: a bare level is the level for all films,
 * `{slug}.{level}` one film's, e.g. `light~kiss-and-cry.full`, and `{slug}.{N}` a film read up to a
 * point of its story (the first N events seen), e.g. `kiss-and-cry.5`. Characters encodeURIComponent
 * leaves alone, so the value is stored as written.
 */
import { parseCookie } from '@edge-runtime/cookies';
import { SPOILER_LEVELS } from '../spoilers/spoiler-levels.mjs';

/** @typedef {typeof SPOILER_LEVELS[number]} SpoilerLevel */
/**
 * @typedef {object} LevelChoices
 * @property {SpoilerLevel | null} all The level for every film without its own choice; null when never chosen (none applies).
 * @property {Array<{ slug: string, level: SpoilerLevel, upto?: number }>} films Films with their own choice, the most recently
 *   chosen first: a level, or a point of the story (`upto`: the first N events seen; its `level` is then none, what the
 *   film's other addresses, such as its quiz, read).
 */

/** Bounded so the cookie stays well under the 4 KB browsers keep: older film choices drop off. */
export const MAX_FILM_CHOICES = 40;
export const MAX_COOKIE_CHARS = 3000;
const LEVEL_TOKEN = new RegExp(`^(${SPOILER_LEVELS.join('|')})$`);
const FILM_TOKEN = new RegExp(`^([a-z0-9]+(?:-[a-z0-9]+)*)\\.(${SPOILER_LEVELS.join('|')}|\\d{1,3})$`);
/** The largest point an address or the cookie can name (a timeline holds at most 300 events). */
export const MAX_UPTO = 999;
const UPTO_VALUE = /^\d{1,3}$/;

/**
 * A point of the story as written in an address or the cookie (`0`…`999`, digits only), or null.
 * @param {string | null | undefined} value
 * @returns {number | null}
 */
export function parseUpto(value) {
  return typeof value === 'string' && UPTO_VALUE.test(value) ? Number(value) : null;
}

/**
 * Reads the cookie; anything not understood is ignored (the safe default then applies).
 * @param {string | null | undefined} value
 * @returns {LevelChoices}
 */
export function parseLevelCookie(value) {
  /** @type {LevelChoices} */
  const choices = { all: null, films: [] };
  if (!value) return choices;
  const seen = new Set();
  for (const token of value.slice(0, MAX_COOKIE_CHARS * 2).split('~')) {
    if (LEVEL_TOKEN.test(token)) {
      choices.all ??= /** @type {SpoilerLevel} */ (token);
      continue;
    }
    const film = FILM_TOKEN.exec(token);
    if (film && !seen.has(film[1]) && choices.films.length < MAX_FILM_CHOICES) {
      seen.add(film[1]);
      const upto = parseUpto(film[2]);
      choices.films.push(
        upto === null ? { slug: film[1], level: /** @type {SpoilerLevel} */ (film[2]) } : { slug: film[1], level: 'none', upto },
      );
    }
  }
  return choices;
}

/**
 * The level a film is read at by these choices: its own, else the one for all films, else none.
 * @param {LevelChoices} choices
 * @param {string | null | undefined} film
 * @returns {SpoilerLevel}
 */
export function levelForFilm(choices, film) {
  const own = film ? choices.films.find((choice) => choice.slug === film) : undefined;
  return own?.level ?? choices.all ?? 'none';
}

export const SPOILER_COOKIE_NAME = 'spoilers';
export const SPOILER_QUERY_NAME = 'spoilers';
/** `?upto=N`: the first N events of the film's timeline seen (its page and its API only). */
export const UPTO_QUERY_NAME = 'upto';
/** The decision as a request header: `{level};{source}`, set by server/serve.mjs or proxy.ts. */
export const READER_LEVEL_HEADER = 'x-reader-level';
/**
 * What a response was rendered for (proxy.ts, from the variant it sent Next to): a level, or
 * `upto-N` for a page read up to a point (readingOf); caches check it.
 */
export const RENDERED_LEVEL_HEADER = 'x-rendered-level';
/**
 * Set by server/serve.mjs in its process: the decision header on a request was written there (any
 * client's copy overwritten), so proxy.ts takes it. Without it (`next dev`), proxy.ts decides.
 */
export const DECIDED_UPSTREAM_ENV = 'READER_LEVEL_DECIDED_UPSTREAM';

/**
 * @typedef {'query' | 'route' | 'cookie'} LevelSource
 * Where the level came from: the address (`?spoilers=`, or a level route such as
 * `/films/{slug}/level/full`), which shared caches may store under that address; or the cookie
 * (its choice, or none without one), which stays private to the reader.
 * @typedef {{ level: SpoilerLevel, source: LevelSource, upto?: number }} LevelDecision
 * `upto`: the reader has seen the first `upto` events of this film (its page and API show only what
 * is revealed by then; `level` is then none, for every other address). Absent: read at `level`.
 */

const LEVEL_ROUTE = new RegExp(`^/(?:films/[^/]+|people/[^/]+|search)/level/(${SPOILER_LEVELS.join('|')})(?:/|$)`);
const UPTO_ROUTE = /^\/films\/[^/]+\/upto\/(\d{1,3})\/?$/;
// The addresses of one film whose level is that film's own choice: its page, quiz, quiz form and API.
const FILM_PATH = /^\/(?:api\/v1\/)?films\/([^/]+)(?:\/quiz(?:\/answers|\/attempts)?)?\/?$/;
// The addresses that can be read up to a point: the film's page and its API (not its quiz).
const UPTO_PATH = /^\/(?:api\/v1\/)?films\/[^/]+\/?$/;

/** @param {string} value */
const isLevel = (value) => /** @type {readonly string[]} */ (SPOILER_LEVELS).includes(value);

/**
 * The reader's level for one request, from its address (path and query, as on the request line)
 * and its Cookie header: `?spoilers=` (the first, as Next's searchParams.get reads it), else the
 * level of a level route, else the cookie's choice for the film the address names (a film's page,
 * quiz or API), else its choice for all films (people, search, lists), else none. The cookie is
 * parsed by @edge-runtime/cookies, the parser behind Next's `request.cookies`, so percent-encoding,
 * tabs and duplicates mean here what they mean to Next.
 * @param {string} url
 * @param {string | string[] | null | undefined} cookieHeader
 * @returns {LevelDecision}
 */
export function decideReaderLevel(url, cookieHeader) {
  if (!url.startsWith('/')) {
    // The absolute form of a request line (`GET http://host/path`).
    try {
      const absolute = new URL(url);
      url = absolute.pathname + absolute.search;
    } catch {
      url = '/';
    }
  }
  const queryAt = url.indexOf('?');
  const pathname = queryAt >= 0 ? url.slice(0, queryAt) : url;
  const params = queryAt >= 0 ? new URLSearchParams(url.slice(queryAt + 1).split('#')[0]) : null;
  const query = params?.get(SPOILER_QUERY_NAME) ?? null;
  if (query !== null && isLevel(query)) return { level: /** @type {SpoilerLevel} */ (query), source: 'query' };
  const uptoQuery = UPTO_PATH.test(pathname) ? parseUpto(params?.get(UPTO_QUERY_NAME)) : null;
  if (uptoQuery !== null) return { level: 'none', source: 'query', upto: uptoQuery };
  const route = LEVEL_ROUTE.exec(pathname);
  if (route) return { level: /** @type {SpoilerLevel} */ (route[1]), source: 'route' };
  const uptoRoute = UPTO_ROUTE.exec(pathname);
  if (uptoRoute) return { level: 'none', source: 'route', upto: Number(uptoRoute[1]) };
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '');
  const cookie = header ? parseCookie(header).get(SPOILER_COOKIE_NAME) : undefined;
  const choices = parseLevelCookie(cookie);
  const film = filmOfPath(pathname);
  const upto = UPTO_PATH.test(pathname) ? choices.films.find((choice) => choice.slug === film)?.upto : undefined;
  if (upto !== undefined) return { level: 'none', source: 'cookie', upto };
  return { level: levelForFilm(choices, film), source: 'cookie' };
}

/**
 * What a decision renders: its level, or `upto-N` for a film page read up to a point. The front
 * cache keys by it and stores a page only when proxy.ts's `x-rendered-level` says the same, so a
 * page read up to a point is never kept under a plain level's key, nor the other way round.
 * @param {LevelDecision} decision
 */
export const readingOf = (decision) => (decision.upto === undefined ? decision.level : `upto-${decision.upto}`);

/**
 * The level a page at this internal path renders at: a level route's own level (what Next renders
 * there, whatever was decided), null for any other path.
 * @param {string} pathname
 * @returns {SpoilerLevel | null}
 */
export function renderedLevelOfPath(pathname) {
  const route = LEVEL_ROUTE.exec(pathname);
  return route ? /** @type {SpoilerLevel} */ (route[1]) : null;
}

/**
 * What a page at this internal path renders (readingOf): a level route's level, an up-to route's
 * `upto-N`, null for any other path.
 * @param {string} pathname
 * @returns {string | null}
 */
export function renderedReadingOfPath(pathname) {
  const upto = UPTO_ROUTE.exec(pathname);
  return upto ? `upto-${Number(upto[1])}` : renderedLevelOfPath(pathname);
}

/** @param {string} pathname */
function filmOfPath(pathname) {
  const match = FILM_PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const DECISION = new RegExp(`^(${SPOILER_LEVELS.join('|')});(query|route|cookie)(?:;upto=(\\d{1,3}))?$`);

/** @param {LevelDecision} decision */
export const formatLevelDecision = (decision) =>
  `${decision.level};${decision.source}${decision.upto === undefined ? '' : `;upto=${decision.upto}`}`;

/**
 * The decision a request header carries, or null when it carries none (or not one of ours).
 * @param {string | string[] | null | undefined} value
 * @returns {LevelDecision | null}
 */
export function parseLevelDecision(value) {
  if (typeof value !== 'string') return null;
  const match = DECISION.exec(value);
  if (!match) return null;
  /** @type {LevelDecision} */
  const decision = { level: /** @type {SpoilerLevel} */ (match[1]), source: /** @type {LevelSource} */ (match[2]) };
  if (match[3] !== undefined) decision.upto = Number(match[3]);
  return decision;
}
