// @ts-check
/**
 * The reader's level, decided once per request (decideReaderLevel), and the `spoilers` cookie's
 * format. Plain JavaScript: server/serve.mjs decides here before Next, hands the decision on in
 * the `x-reader-level` request header (its own, never the client's), and proxy.ts, the pages, the
 * API and the front cache all use that decision; nothing else reads the cookie to pick a level.
 * The addresses it reads are lib/reader/reader-address.mjs's.
 *
 * Written as `~`-separated tokens, newest first: a bare level is the level for all films,
 * `{slug}.{level}` one film's, e.g. `light~kiss-and-cry.full`, and `{slug}.{N}` a film read up to a
 * point of its story (the first N events seen), e.g. `kiss-and-cry.5`. Characters encodeURIComponent
 * leaves alone, so the value is stored as written.
 */
import { parseCookie } from '@edge-runtime/cookies';
import { SPOILER_LEVELS } from '../spoilers/spoiler-levels.mjs';
import {
  MAX_UPTO,
  SPOILER_COOKIE_NAME,
  SPOILER_QUERY_NAME,
  UPTO_QUERY_NAME,
  parseAddress,
  parseLevel,
  parsePointSegment,
  parseUpto,
  routeLevelOf,
} from './reader-address.mjs';

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
      // Nothing seen yet (`{slug}.0`, written before it meant no spoilers) is the film at none.
      choices.films.push(
        upto === null
          ? { slug: film[1], level: /** @type {SpoilerLevel} */ (film[2]) }
          : upto === 0
            ? { slug: film[1], level: 'none' }
            : { slug: film[1], level: 'none', upto },
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

/** @param {SpoilerLevel} a @param {SpoilerLevel} b */
const lower = (a, b) => (SPOILER_LEVELS.indexOf(a) <= SPOILER_LEVELS.indexOf(b) ? a : b);

/**
 * @typedef {object} AddressReading What an address itself says about the reader's level.
 * @property {string} pathname
 * @property {SpoilerLevel} [level] the most restrictive level it names (a level route, every `?spoilers=`)
 * @property {number} [upto] the lowest point it names (an up-to route, `?upto=` on a film's page or API); may exceed MAX_UPTO
 * @property {boolean} query whether any of that came from the query
 * @property {{ field: 'spoilers' | 'upto' | 'level', value: string } | null} problem a value that is no level or no point
 */

/**
 * Reads the level and point an address names, every place it may name them: a level route's
 * segment, an up-to route's segment, each `?spoilers=` and, on a film's page, up-to route and API, each `?upto=`.
 * A value that is not a level (`?spoilers=extreme`, `/level/extreme`) or not a number (`?upto=abc`,
 * `/upto/abc`) is a problem (proxy.ts answers 400); points are not checked against the film here.
 * @param {string} url path and query, as on the request line (or an absolute URL)
 * @returns {AddressReading}
 */
export function readAddress(url) {
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
  /** @type {AddressReading} */
  const reading = { pathname, query: false, problem: null };
  /** @param {AddressReading['problem']} problem */
  const refuse = (problem) => {
    reading.problem ??= problem;
  };
  /** @param {string} value @param {boolean} fromQuery */
  const addLevel = (value, fromQuery) => {
    const level = parseLevel(value);
    if (!level) return refuse({ field: fromQuery ? 'spoilers' : 'level', value });
    reading.level = reading.level === undefined ? level : lower(reading.level, level);
    reading.query ||= fromQuery;
  };
  /** @param {string} value @param {boolean} fromQuery */
  const addPoint = (value, fromQuery) => {
    const upto = parsePointSegment(value);
    if (upto === null) return refuse({ field: 'upto', value });
    reading.upto = reading.upto === undefined ? upto : Math.min(reading.upto, upto);
    reading.query ||= fromQuery;
  };
  const address = parseAddress(pathname);
  const route = address && 'malformed' in address && address.malformed ? address.malformed : null;
  if (route) refuse(route);
  else if (address && 'level' in address && address.level) addLevel(address.level, false);
  else if (address?.kind === 'film' && address.upto !== undefined) addPoint(String(address.upto), false);
  for (const value of params?.getAll(SPOILER_QUERY_NAME) ?? []) addLevel(value, true);
  if (readsUpto(address)) for (const value of params?.getAll(UPTO_QUERY_NAME) ?? []) addPoint(value, true);
  return reading;
}

/**
 * The addresses that can be read up to a point: a film's page, its up-to route and its API (not its
 * quiz, not a level route).
 * @param {import('./reader-address.mjs').ReaderAddress | null} address
 */
const readsUpto = (address) =>
  (address?.kind === 'film' && address.level === undefined && address.malformed?.field !== 'level') ||
  (address?.kind === 'film-api' && address.quiz === undefined);

/**
 * The film whose own choice in the cookie applies: that of its page, quiz, quiz form or API.
 * @param {import('./reader-address.mjs').ReaderAddress | null} address
 * @returns {string | null}
 */
function filmOf(address) {
  if (address?.kind === 'quiz' || address?.kind === 'film-api') return address.slug;
  return address?.kind === 'film' && address.level === undefined && address.upto === undefined && !address.malformed ? address.slug : null;
}

/**
 * The reader's level for one request, from its address (path and query, as on the request line)
 * and its Cookie header. What the address names wins over the cookie, and of all it names the most
 * restrictive: the lowest of the level route's level and every `?spoilers=`, the lowest of the
 * up-to route's point and `?upto=` (a film's page and API only); a point with `full` (or no level)
 * reads up to the point; a point with `none` or `light` reads at none (a point and a lower level
 * each show something the other hides; none is the page the site shows whoever chose nothing).
 * Malformed values count for nothing here: proxy.ts refuses their addresses (readAddress). Only
 * when the address names nothing: the cookie's choice for the film the address names (its page,
 * quiz or API), else its choice for all films (people, search, lists), else none. The cookie is
 * parsed by @edge-runtime/cookies, the parser behind Next's `request.cookies`, so
 * percent-encoding, tabs and duplicates mean here what they mean to Next.
 * @param {string} url
 * @param {string | string[] | null | undefined} cookieHeader
 * @returns {LevelDecision}
 */
export function decideReaderLevel(url, cookieHeader) {
  const address = readAddress(url);
  const { pathname } = address;
  const source = address.query ? 'query' : 'route';
  if (address.upto !== undefined && (address.level === undefined || address.level === 'full'))
    return { level: 'none', source, upto: Math.min(address.upto, MAX_UPTO) };
  if (address.upto !== undefined) return { level: 'none', source };
  if (address.level !== undefined) return { level: address.level, source };
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '');
  const cookie = header ? parseCookie(header).get(SPOILER_COOKIE_NAME) : undefined;
  const choices = parseLevelCookie(cookie);
  const named = parseAddress(pathname);
  const film = filmOf(named);
  const upto = film !== null && readsUpto(named) ? choices.films.find((choice) => choice.slug === film)?.upto : undefined;
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
export const renderedLevelOfPath = routeLevelOf;

/**
 * What a page at this internal path renders (readingOf): a level route's level, an up-to route's
 * `upto-N`, null for any other path.
 * @param {string} pathname
 * @returns {string | null}
 */
export function renderedReadingOfPath(pathname) {
  const address = parseAddress(pathname);
  if (address?.kind === 'film' && address.upto !== undefined) return address.upto <= MAX_UPTO ? `upto-${address.upto}` : null;
  return routeLevelOf(pathname);
}

/**
 * Whether a Cookie header says one thing about the `spoilers` cookie to every parser that reads it:
 * the app's (@edge-runtime/cookies: splits on `; *`, last duplicate wins, percent-decodes), a shared
 * cache's regex (deploy/varnish.vcl: `(^|;) *spoilers=([^;]*)`, the last match) and nginx's
 * `$cookie_spoilers`. Canonical: printable ASCII only (no tab, NUL, byte above 0x7f), at most one
 * cookie whose name looks like the spoilers cookie (cased, padded, quoted or percent-encoded all
 * count) and that one named exactly `spoilers`, its value exactly as the site writes it (the
 * tokens above joined by `~`: no `%`, quote or space), and `spoilers=` nowhere else (not inside another
 * value, where a parser splitting on commas finds it). A response the cookie decided may be kept
 * by a shared cache keyed on the raw value only then (server/serve.mjs); on anything else the
 * parsers may disagree, so the app's answer is private to that request.
 * @param {string | string[] | null | undefined} cookieHeader
 * @returns {{ value: string | null } | null} null: not canonical; `value` null: no spoilers cookie
 */
export function canonicalSpoilersCookie(cookieHeader) {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : (cookieHeader ?? '');
  if (/[^\x20-\x7e]/.test(header)) return null;
  /** @type {string | null} */
  let value = null;
  // Split as the app's parser splits: a space before the first pair is part of its name.
  for (const piece of header.split(/; */)) {
    const at = piece.indexOf('=');
    const name = at < 0 ? piece : piece.slice(0, at);
    if (name === SPOILER_COOKIE_NAME) {
      if (value !== null || !isWrittenValue(piece.slice(at + 1))) return null;
      value = piece.slice(at + 1);
      continue;
    }
    let loose = name.replace(/["'\s]/g, '').toLowerCase();
    try {
      loose = decodeURIComponent(loose);
    } catch {
      return null;
    }
    if (loose.includes('spoiler')) return null;
  }
  // Nor inside another cookie's value, where a parser that splits on commas (nginx) would find it.
  const mentions = header.match(/spoilers\s*=/gi)?.length ?? 0;
  return mentions === (value === null ? 0 : 1) ? { value } : null;
}

/** @param {string} value the value as the site writes it: valid tokens joined by `~`, nothing else */
function isWrittenValue(value) {
  return (
    value === '' ||
    (value.length <= MAX_COOKIE_CHARS && value.split('~').every((token) => LEVEL_TOKEN.test(token) || FILM_TOKEN.test(token)))
  );
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
