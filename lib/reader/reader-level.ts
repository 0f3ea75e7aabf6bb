import { parseSpoilerLevel, type SpoilerLevel } from '../spoilers/levels';
import {
  MAX_COOKIE_CHARS,
  MAX_FILM_CHOICES,
  MAX_UPTO,
  READER_LEVEL_HEADER,
  RENDERED_LEVEL_HEADER,
  UPTO_QUERY_NAME,
  decideReaderLevel,
  formatLevelDecision,
  levelForFilm,
  parseLevelCookie,
  parseLevelDecision,
  parseUpto,
  readingOf,
  renderedLevelOfPath,
  renderedReadingOfPath,
} from './level-cookie.mjs';
import { safeLocalPath } from '../auth/safe-callback-url';

/**
 * How a reader's spoiler level travels. Kept free of server-only imports: proxy.ts uses it.
 *
 * `?spoilers=` overrides for one request; the `spoilers` cookie remembers the reader's choices
 * (set by /spoilers, see app/(reader)/spoilers/route.ts): a level per film, and a level for all
 * films; otherwise the safe default (none).
 */
export const SPOILER_COOKIE = 'spoilers';
export const SPOILER_QUERY = 'spoilers';
export const SPOILER_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** The cookie's choices: a level for all films (null: never chosen) and films with their own level, newest first. */
export type LevelChoices = { all: SpoilerLevel | null; films: Array<{ slug: string; level: SpoilerLevel; upto?: number }> };

export {
  MAX_FILM_CHOICES,
  MAX_UPTO,
  READER_LEVEL_HEADER,
  RENDERED_LEVEL_HEADER,
  UPTO_QUERY_NAME,
  decideReaderLevel,
  formatLevelDecision,
  levelForFilm,
  parseLevelCookie,
  parseLevelDecision,
  parseUpto,
  readingOf,
  renderedLevelOfPath,
  renderedReadingOfPath,
};

/** Where a request's level came from: its address (`?spoilers=`, a level route) or the cookie. */
export type LevelSource = 'query' | 'route' | 'cookie';
/** `upto`: the film read up to a point of its story (the first N events seen), see decideReaderLevel. */
export type LevelDecision = { level: SpoilerLevel; source: LevelSource; upto?: number };

/**
 * The request's level as decided before it reached the app (proxy.ts puts the decision on every
 * request it passes on, see decideReaderLevel): what pages, routes and the API use, never the
 * cookie itself. Without a decision, the safe default.
 */
export function levelDecisionOf(headers: Pick<Headers, 'get'>): LevelDecision {
  return parseLevelDecision(headers.get(READER_LEVEL_HEADER)) ?? { level: 'none', source: 'cookie' };
}
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function serializeLevelCookie(choices: LevelChoices): string {
  const tokens: string[] = choices.all ? [choices.all] : [];
  let length = tokens.join('~').length;
  for (const { slug, level, upto } of choices.films.slice(0, MAX_FILM_CHOICES)) {
    const token = `${slug}.${upto ?? level}`;
    if (length + token.length + 1 > MAX_COOKIE_CHARS) break;
    tokens.push(token);
    length += token.length + 1;
  }
  return tokens.join('~');
}

/**
 * Whom a new choice is for: one film; films without a choice of their own (the level of people
 * pages and search); or every film, replacing each film's own choice (the film page's explicit
 * "for all films").
 */
export type LevelTarget = { film: string } | 'default' | 'every-film';

/** A film's choice goes first; one equal to the all-films level needs no entry. */
export function chooseLevel(choices: LevelChoices, level: SpoilerLevel, target: LevelTarget): LevelChoices {
  if (target === 'every-film') return { all: level, films: [] };
  if (target === 'default')
    return { all: level, films: choices.films.filter((choice) => choice.upto !== undefined || choice.level !== level) };
  const film = target.film;
  const others = choices.films.filter((choice) => choice.slug !== film);
  const same = level === (choices.all ?? 'none');
  return { all: choices.all, films: same ? others : [{ slug: film, level }, ...others] };
}

/** A film read up to a point of its story (the first `upto` events seen): its newest choice, replacing its level. */
export function chooseUpto(choices: LevelChoices, film: string, upto: number): LevelChoices {
  return { all: choices.all, films: [{ slug: film, level: 'none', upto }, ...choices.films.filter((choice) => choice.slug !== film)] };
}

/**
 * The level of one request: `?spoilers=`, else the cookie's choice for `film` (a film's page, quiz
 * or API), else its choice for all films (people pages, search), else none.
 */
export function readerLevel(query: string | null | undefined, cookie: string | null | undefined, film?: string | null): SpoilerLevel {
  return parseSpoilerLevel(query, levelForFilm(parseLevelCookie(cookie), film));
}

/** Reader pages with one cached variant per level, and the internal path of each variant. */
const LEVELLED_PAGE = /^\/(films|people)\/([^/]+)\/?$/;

export function levelVariantPath(pathname: string, level: SpoilerLevel): string | null {
  const address = readerAddress(pathname);
  return address ? `/${address.section}/${address.slug}/level/${level}` : null;
}

/** The film of a quiz address (`/films/{slug}/quiz`), or null. */
export function quizFilmSlug(pathname: string): string | null {
  return /^\/films\/([^/]+)\/quiz\/?$/u.exec(pathname)?.[1] ?? null;
}

/** The section and slug of a reader page address (`/films/{slug}`, `/people/{slug}`), or null. */
export function readerAddress(pathname: string): { section: 'films' | 'people'; slug: string } | null {
  const match = LEVELLED_PAGE.exec(pathname);
  return match ? { section: match[1] as 'films' | 'people', slug: match[2] } : null;
}

/**
 * Any address of one film (`/films/{slug}`, `…/quiz`, `…/level/{level}`): its slug as it stands in
 * the path and the rest of the path, so an old address can be redirected with its rest kept.
 */
export function filmAddress(pathname: string): { slug: string; rest: string } | null {
  const match = /^\/films\/([^/]+)(\/quiz\/?|\/level\/[^/]+\/?|\/?)$/u.exec(pathname);
  return match ? { slug: match[1], rest: match[2] } : null;
}

/**
 * The link that sets the reader's level and comes back to `returnTo` (works without JavaScript).
 * Without a target, for films without a choice of their own (see LevelTarget).
 */
export function setLevelHref(level: SpoilerLevel, returnTo: string, target: LevelTarget = 'default'): string {
  const scope: Record<string, string> = target === 'default' ? {} : target === 'every-film' ? { films: 'all' } : { film: target.film };
  return `/spoilers?${new URLSearchParams({ level, ...scope, return: returnTo })}`;
}

/** A film slug as /spoilers accepts it (the film need not exist: the choice only names it). */
export function isFilmSlug(value: string): boolean {
  return value.length <= 120 && SLUG.test(value);
}

/** Only same-site paths are followed back after setting the level (no open redirect). */
export function safeReturnPath(value: string | null | undefined): string {
  return safeLocalPath(value, '/');
}

/**
 * A level link that comes back to `section` (`#section`, or the top when null): the `return` path
 * of a /spoilers link, or the link's own fragment (the editor preview's links). Relative in,
 * relative out; a link that is only a fragment (switching a preview in place) is left alone.
 */
export function returnToSection(href: string, section: string | null): string {
  if (href.startsWith('#')) return href;
  const url = new URL(href, 'http://same-origin.invalid');
  const back = url.searchParams.get('return');
  if (back !== null) {
    const path = back.split('#')[0];
    url.searchParams.set('return', section ? `${path}#${section}` : path);
  } else {
    url.hash = section ? section : '';
  }
  return url.pathname + url.search + url.hash;
}
