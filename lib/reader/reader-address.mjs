// @ts-check
/**
 * The reader's addresses, one grammar: `parseAddress` reads a path (and the query a link writes),
 * `buildAddress` writes one, and every other place goes through these two: proxy.ts (rewrites,
 * redirects of a renamed film), the level decision (lib/reader/level-cookie.mjs, run by
 * server/serve.mjs before Next), the pages' links, the sitemap and JSON-LD. Plain JavaScript so
 * server/serve.mjs loads it outside Next's bundles; pure, no Node-only API (proxy.ts imports it).
 *
 *   film      `/films/{slug}`, its level route `/films/{slug}/level/{level}`, its up-to route `/films/{slug}/upto/{N}`;
 *             in a translation's language the same under `/{locale}` (`/fr/films/{slug}`, `/fr/films/{slug}/level/full`)
 *   quiz      `/films/{slug}/quiz`, the no-JavaScript form's `/films/{slug}/quiz/answers`
 *   film-api  `/api/v1/films/{slug}`, `…/quiz`, `…/quiz/attempts`
 *   person    `/people/{slug}`, its level route `/people/{slug}/level/{level}`; in a translation's language
 *             the same under `/{locale}` (`/fr/people/{slug}`: every person with a page has one in each)
 *   people    the index of people, `/people`; in a translation's language `/{locale}/people`
 *   search    `/search?q=…`, its variant `/search/level/{level}/{source}/{query, base64url}`; in a
 *             translation's language the same under `/{locale}` (`/fr/search?q=…`)
 *   list      `/`, `/page/{N}`; in a translation's language `/{locale}`, `/{locale}/page/{N}` (its
 *             published translations only)
 *
 * A slug is held decoded and written percent-encoded. A level or point segment that is no level or
 * no number parses as the address with `malformed` (proxy.ts answers 400 naming the field); a point
 * is any run of digits (it may name more events than the film has: proxy.ts decides, from the film,
 * whether that is a 404). `?spoilers=` is carried by links (`spoilers`); the level decision reads
 * every `?spoilers=` and `?upto=` of a request itself (readAddress), most restrictive first.
 */
import { SPOILER_LEVELS, parseLevel } from '../spoilers/spoiler-levels.mjs';

/** @typedef {typeof SPOILER_LEVELS[number]} SpoilerLevel */

/** The cookie that remembers the reader's levels (lib/reader/level-cookie.mjs holds its format). */
export const SPOILER_COOKIE_NAME = 'spoilers';
/** `?spoilers=none|light|full`: the level for this request only (overrides the cookie). */
export const SPOILER_QUERY_NAME = 'spoilers';
/** `?upto=N`: the first N events of the film's timeline seen (its page, up-to route and API only). */
export const UPTO_QUERY_NAME = 'upto';
/** `?q=`: what is searched. */
export const SEARCH_QUERY_NAME = 'q';
/** The largest point the cookie or a decision holds (a timeline holds at most 300 events). */
export const MAX_UPTO = 999;
export const MAX_QUERY_LENGTH = 200;
/** Where a search variant's level came from: `?spoilers=` (links on the page carry it over) or the cookie. */
export const SEARCH_SOURCES = /** @type {const} */ (['query', 'cookie']);

export { parseLevel };

/**
 * @typedef {{ field: 'level' | 'upto', value: string }} Malformed a level or point segment that is no level or no number
 * @typedef {{ kind: 'film', slug: string, locale?: string, level?: SpoilerLevel, upto?: number, malformed?: Malformed, spoilers?: SpoilerLevel }} FilmAddress
 *   `locale`: the page in a translation's language; absent, in the language pages are written in
 * @typedef {{ kind: 'quiz', slug: string, locale?: string, answers?: boolean, spoilers?: SpoilerLevel }} QuizAddress
 * @typedef {{ kind: 'film-api', slug: string, quiz?: 'questions' | 'attempts', locale?: string, spoilers?: SpoilerLevel }} FilmApiAddress
 *   `locale` (`?locale=`): the film or its quiz's texts in a translation's language
 * @typedef {{ kind: 'person', slug: string, locale?: string, level?: SpoilerLevel, malformed?: Malformed, spoilers?: SpoilerLevel }} PersonAddress
 * @typedef {{ kind: 'people', locale?: string }} PeopleAddress
 * @typedef {{ kind: 'search', query: string, locale?: string, level?: SpoilerLevel, source?: SearchSource, malformed?: Malformed, spoilers?: SpoilerLevel }} SearchAddress
 *   without `level` the public address (`/search?q=`), with it the variant proxy.ts rewrites onto
 * @typedef {{ kind: 'list', page: number, locale?: string }} ListAddress
 * @typedef {FilmAddress | QuizAddress | FilmApiAddress | PersonAddress | PeopleAddress | SearchAddress | ListAddress} ReaderAddress
 * @typedef {typeof SEARCH_SOURCES[number]} SearchSource
 */

/**
 * A point of the story as the cookie, a decision or the up-to page's segment holds it (`0`…`999`,
 * one to three digits), or null.
 * @param {string | null | undefined} value
 * @returns {number | null}
 */
export function parseUpto(value) {
  return typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

/**
 * A point as an address may write it: any run of digits (read as at most six of them), or null.
 * @param {string} value
 */
export const parsePointSegment = (value) => (/^\d+$/.test(value) ? Number(value.slice(0, 6)) : null);

/** The query as searched: control characters out, trimmed, at most MAX_QUERY_LENGTH characters (also the cache key). @param {string} query */
export const normalizeQuery = (query) =>
  query
    .replace(/[\u0000-\u001f]/gu, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH);

/**
 * Text as one path segment: base64url of its UTF-8, so no character (slash, dot, percent) can change
 * the path or be decoded by Next on the way. The search variant's query and a list filter's genre.
 * @param {string} text
 */
export function textSegment(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}

/** The text of a segment textSegment wrote, or null. @param {string} segment */
export function segmentText(segment) {
  if (!/^[A-Za-z0-9_-]+$/u.test(segment)) return null;
  try {
    const binary = atob(segment.replace(/-/gu, '+').replace(/_/gu, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** @param {string} segment @returns {string | null} */
function decoded(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

// One expression per section; the rest of the path is read below. A trailing slash is allowed, never written.
const FILM = /^(?:\/([a-z]{2,3}(?:-[A-Z]{2})?))?\/films\/([^/]+)(?:\/(level|upto)\/([^/]*)|\/(quiz)(?:\/(answers))?)?\/?$/u;
const FILM_API = /^\/api\/v1\/films\/([^/]+)(?:\/(quiz)(?:\/(attempts))?)?\/?$/u;
const PERSON = /^(?:\/([a-z]{2,3}(?:-[A-Z]{2})?))?\/people\/([^/]+)(?:\/level\/([^/]*))?\/?$/u;
const PEOPLE = /^(?:\/([a-z]{2,3}(?:-[A-Z]{2})?))?\/people\/?$/u;
const SEARCH = /^(?:\/([a-z]{2,3}(?:-[A-Z]{2})?))?\/search(?:\/level\/([^/]*)(?:\/([^/]*)(?:\/(.*))?)?)?\/?$/u;
const LIST = /^(?:\/([a-z]{2,3}(?:-[A-Z]{2})?))?(?:\/page\/([1-9]\d{0,6}))?\/?$/u;
/** A language tag as addresses carry it (`fr`, `fr-CA`). */
const LOCALE = /^[a-z]{2,3}(?:-[A-Z]{2})?$/u;

/**
 * What a reader address names, or null for any other address (or a slug that does not decode).
 * @param {string} url a path, with or without its query
 * @returns {ReaderAddress | null}
 */
export function parseAddress(url) {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1).split('#')[0]);
  const address = parsePath(pathname, query);
  if (!address || address.kind === 'list' || address.kind === 'people') return address;
  // The `?spoilers=` a link carries: one value that is a level (readAddress reads every value of a request).
  const pinned = query.getAll(SPOILER_QUERY_NAME);
  const level = pinned.length === 1 ? parseLevel(pinned[0]) : null;
  return level ? { ...address, spoilers: level } : address;
}

/**
 * @param {string} pathname @param {URLSearchParams} query
 * @returns {ReaderAddress | null}
 */
function parsePath(pathname, query) {
  const film = FILM.exec(pathname);
  if (film) {
    const [, locale, segment, route, value, quiz, answers] = film;
    const slug = decoded(segment);
    if (slug === null) return null;
    if (quiz) {
      const named = locale ? { kind: /** @type {const} */ ('quiz'), slug, locale } : { kind: /** @type {const} */ ('quiz'), slug };
      return answers ? { ...named, answers: true } : named;
    }
    const named = locale ? { kind: /** @type {const} */ ('film'), slug, locale } : { kind: /** @type {const} */ ('film'), slug };
    if (route === 'level') return { ...named, ...levelSegment(value) };
    if (route === 'upto') {
      const upto = parsePointSegment(value);
      return upto === null ? { ...named, malformed: { field: 'upto', value } } : { ...named, upto };
    }
    return named;
  }
  const api = FILM_API.exec(pathname);
  if (api) {
    const slug = decoded(api[1]);
    if (slug === null) return null;
    const quiz = api[2] ? (api[3] ? /** @type {const} */ ('attempts') : /** @type {const} */ ('questions')) : undefined;
    const named = quiz ? { kind: /** @type {const} */ ('film-api'), slug, quiz } : { kind: /** @type {const} */ ('film-api'), slug };
    const locale = query.getAll('locale');
    return locale.length === 1 && LOCALE.test(locale[0]) ? { ...named, locale: locale[0] } : named;
  }
  const person = PERSON.exec(pathname);
  if (person) {
    const [, locale, segment, value] = person;
    const slug = decoded(segment);
    if (slug === null) return null;
    const named = locale ? { kind: /** @type {const} */ ('person'), slug, locale } : { kind: /** @type {const} */ ('person'), slug };
    return value === undefined ? named : { ...named, ...levelSegment(value) };
  }
  const people = PEOPLE.exec(pathname);
  if (people) return people[1] ? { kind: 'people', locale: people[1] } : { kind: 'people' };
  const search = SEARCH.exec(pathname);
  if (search) {
    const [, locale, levelValue, source, encoded] = search;
    const named = locale ? { kind: /** @type {const} */ ('search'), locale } : { kind: /** @type {const} */ ('search') };
    if (levelValue === undefined) return { ...named, query: query.get(SEARCH_QUERY_NAME) ?? '' };
    const level = parseLevel(levelValue);
    if (!level) return { ...named, query: '', malformed: { field: 'level', value: levelValue } };
    const variant = searchVariant(level, source, encoded);
    return variant && locale ? { ...variant, locale } : variant;
  }
  const list = LIST.exec(pathname);
  if (list && pathname !== '') {
    const page = list[2] ? Number(list[2]) : 1;
    return list[1] ? { kind: 'list', page, locale: list[1] } : { kind: 'list', page };
  }
  return null;
}

/**
 * A level route's segment: its level, or what it holds instead.
 * @param {string} value
 * @returns {{ level: SpoilerLevel } | { malformed: Malformed }}
 */
function levelSegment(value) {
  const level = parseLevel(value);
  return level ? { level } : { malformed: { field: 'level', value } };
}

/**
 * A search variant's source and query segments, or null when they name no variant: an unknown
 * source, more segments, or not the canonical encoding of a normalised query (one page per search).
 * @param {SpoilerLevel} level @param {string | undefined} source @param {string | undefined} encoded
 * @returns {SearchAddress | null}
 */
function searchVariant(level, source, encoded) {
  const known = SEARCH_SOURCES.find((name) => name === source);
  if (!known) return null;
  if (encoded === undefined || encoded === '') return { kind: 'search', query: '', level, source: known };
  const query = segmentText(encoded);
  if (query === null || normalizeQuery(query) !== query || textSegment(query) !== encoded) return null;
  return { kind: 'search', query, level, source: known };
}

/**
 * The search a variant route's segments name (decoded by Next: `[level]/[source]/[[...q]]`), or
 * null when they name no variant (404).
 * @param {{ level: string, source: string, q?: string[] }} params
 * @returns {(SearchAddress & { level: SpoilerLevel, source: SearchSource }) | null}
 */
export function searchOfSegments(params) {
  const level = parseLevel(params.level);
  const segments = params.q ?? [];
  if (!level || segments.length > 1) return null;
  const search = searchVariant(level, params.source, segments[0]);
  return search && search.level && search.source ? { ...search, level: search.level, source: search.source } : null;
}

/** Every level × source with no query: the empty search page, prerendered at build time. */
export const emptySearchSegments = () =>
  SPOILER_LEVELS.flatMap((level) => SEARCH_SOURCES.map((source) => ({ level, source, q: /** @type {string[]} */ ([]) })));

/**
 * The address as a path (with `?q=` and `?spoilers=` where the address carries them). The inverse
 * of parseAddress: `parseAddress(buildAddress(a))` is `a` for every address it can return.
 * @param {ReaderAddress} address
 * @returns {string}
 */
export function buildAddress(address) {
  switch (address.kind) {
    case 'list': {
      const root = address.locale ? `/${address.locale}` : '';
      return address.page <= 1 ? root || '/' : `${root}/page/${address.page}`;
    }
    case 'film':
      return withLevel(
        `${address.locale ? `/${address.locale}` : ''}/films/${encodeURIComponent(address.slug)}${routeSegments(address)}`,
        address.spoilers,
      );
    case 'quiz':
      return withLevel(
        `${address.locale ? `/${address.locale}` : ''}/films/${encodeURIComponent(address.slug)}/quiz${address.answers ? '/answers' : ''}`,
        address.spoilers,
      );
    case 'film-api': {
      const path = `/api/v1/films/${encodeURIComponent(address.slug)}${address.quiz === 'attempts' ? '/quiz/attempts' : address.quiz ? '/quiz' : ''}`;
      const params = new URLSearchParams();
      if (address.locale) params.set('locale', address.locale);
      if (address.spoilers) params.set(SPOILER_QUERY_NAME, address.spoilers);
      const search = params.toString();
      return search ? `${path}?${search}` : path;
    }
    case 'person':
      return withLevel(
        `${address.locale ? `/${address.locale}` : ''}/people/${encodeURIComponent(address.slug)}${routeSegments(address)}`,
        address.spoilers,
      );
    case 'people':
      return `${address.locale ? `/${address.locale}` : ''}/people`;
    case 'search': {
      const root = `${address.locale ? `/${address.locale}` : ''}/search`;
      if (address.malformed) return `${root}/level/${address.malformed.value}`;
      if (address.level) {
        const text = normalizeQuery(address.query);
        const base = `${root}/level/${address.level}/${address.source ?? 'cookie'}`;
        return text ? `${base}/${textSegment(text)}` : base;
      }
      const params = new URLSearchParams();
      if (address.query) params.set(SEARCH_QUERY_NAME, address.query);
      if (address.spoilers) params.set(SPOILER_QUERY_NAME, address.spoilers);
      const search = params.toString();
      return search ? `${root}?${search}` : root;
    }
  }
}

/** A film's or person's level or up-to route segments, or none for the page. @param {FilmAddress | PersonAddress} a */
function routeSegments(a) {
  if (a.malformed) return `/${a.malformed.field}/${a.malformed.value}`;
  if (a.level) return `/level/${a.level}`;
  return 'upto' in a && a.upto !== undefined ? `/upto/${a.upto}` : '';
}

/** @param {string} path @param {SpoilerLevel | undefined} level */
const withLevel = (path, level) => (level ? `${path}?${SPOILER_QUERY_NAME}=${level}` : path);

/**
 * A film's page, as links, the sitemap and JSON-LD name it; with `locale`, its translation's page.
 * @param {string} slug @param {string} [locale]
 */
export const filmPath = (slug, locale) => buildAddress(locale ? { kind: 'film', slug, locale } : { kind: 'film', slug });
/**
 * The film list's first page (the home page); with `locale`, the list in a translation's language.
 * @param {string} [locale]
 */
export const listPath = (locale) => buildAddress(locale ? { kind: 'list', page: 1, locale } : { kind: 'list', page: 1 });
/**
 * The route a list in a translation's language renders at: `/{locale}/page/{N}`, its first page too
 * (proxy.ts rewrites `/{locale}` there and sends that route's own address to `/{locale}`).
 * @param {string} locale @param {number} page
 */
export const translatedListRoute = (locale, page) => `/${locale}/page/${page}`;
/** A person's page; with `locale`, in a translation's language. @param {string} slug @param {string} [locale] */
export const personPath = (slug, locale) => buildAddress(locale ? { kind: 'person', slug, locale } : { kind: 'person', slug });
/** The index of people; with `locale`, in a translation's language. @param {string} [locale] */
export const peoplePath = (locale) => buildAddress(locale ? { kind: 'people', locale } : { kind: 'people' });
/** The search page, no query yet; with `locale`, searching a translation's texts. @param {string} [locale] */
export const searchPath = (locale) => buildAddress(locale ? { kind: 'search', query: '', locale } : { kind: 'search', query: '' });
/** A film's quiz; with `locale`, in a translation's language. @param {string} slug @param {string} [locale] */
export const quizPath = (slug, locale) => buildAddress(locale ? { kind: 'quiz', slug, locale } : { kind: 'quiz', slug });

/**
 * The level a page at this internal path renders at: a level route's own level (film, person or
 * search variant), else null.
 * @param {string} pathname
 * @returns {SpoilerLevel | null}
 */
export function routeLevelOf(pathname) {
  const address = parseAddress(pathname);
  return address && 'level' in address && address.level ? address.level : null;
}

/**
 * The variant Next renders for a reader page address under its decided reading: a film's page,
 * level or up-to route onto the decided level's or point's route; a person's page or level route
 * onto the decided level's; a search variant onto the decided level's. Null for any other address
 * (it renders as it is). A malformed segment is replaced too (proxy.ts answers it 400 before).
 * @param {string} pathname
 * @param {{ level: SpoilerLevel, upto?: number }} reading
 * @returns {string | null}
 */
export function variantOf(pathname, reading) {
  const address = parseAddress(pathname);
  if (address?.kind === 'film') {
    const film = address.locale
      ? { kind: /** @type {const} */ ('film'), slug: address.slug, locale: address.locale }
      : { kind: /** @type {const} */ ('film'), slug: address.slug };
    return buildAddress(reading.upto !== undefined ? { ...film, upto: reading.upto } : { ...film, level: reading.level });
  }
  if (address?.kind === 'person') {
    const person = address.locale
      ? { kind: /** @type {const} */ ('person'), slug: address.slug, locale: address.locale }
      : { kind: /** @type {const} */ ('person'), slug: address.slug };
    return buildAddress({ ...person, level: reading.level });
  }
  if (address?.kind === 'search' && address.level) return buildAddress({ ...address, level: reading.level });
  return null;
}
