import type { SpoilerLevel } from '../spoilers/levels';
import {
  MAX_COOKIE_CHARS,
  MAX_FILM_CHOICES,
  READER_LEVEL_HEADER,
  parseLevelDecision,
  type LevelChoices,
  type LevelDecision,
} from './level-cookie.mjs';
import { safeLocalPath } from '../auth/safe-callback-url';
import { filmPath } from './reader-address.mjs';

/**
 * How a reader's spoiler level travels, for the app (decided before it by lib/reader/level-cookie.mjs;
 * the addresses are lib/reader/reader-address.mjs's). Kept free of server-only imports: proxy.ts uses it.
 *
 * `?spoilers=` overrides for one request; the `spoilers` cookie remembers the reader's choices
 * (set by /spoilers, see app/(reader)/spoilers/route.ts): a level per film, and a level for all
 * films; otherwise the safe default (none).
 */
export const SPOILER_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

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

/**
 * A film read up to a point of its story (the first `upto` events seen): its newest choice,
 * replacing its level. Nothing seen yet (0) is no point: the film at no spoilers, its canonical
 * reading (proxy.ts redirects `/upto/0` and `?upto=0` there).
 */
export function chooseUpto(choices: LevelChoices, film: string, upto: number): LevelChoices {
  if (upto === 0) return chooseLevel(choices, 'none', { film });
  return { all: choices.all, films: [{ slug: film, level: 'none', upto }, ...choices.films.filter((choice) => choice.slug !== film)] };
}

/**
 * The link that sets the reader's level and comes back to `returnTo` (works without JavaScript).
 * Without a target, for films without a choice of their own (see LevelTarget).
 */
export function setLevelHref(level: SpoilerLevel, returnTo: string, target: LevelTarget = 'default'): string {
  const scope: Record<string, string> = target === 'default' ? {} : target === 'every-film' ? { films: 'all' } : { film: target.film };
  return `/spoilers?${new URLSearchParams({ level, ...scope, return: returnTo })}`;
}

/** The link that says how far the reader has watched this film (`/spoilers?upto=N&film=…`) and comes back to its page (in `locale`'s language). */
export function setUptoHref(upto: number, film: string, locale?: string): string {
  return `/spoilers?${new URLSearchParams({ upto: String(upto), film, return: filmPath(film, locale) })}`;
}

/** A film slug as /spoilers accepts it (the film need not exist: the choice only names it). */
export function isFilmSlug(value: string): boolean {
  return value.length <= 120 && SLUG.test(value);
}

/** Only same-site paths are followed back after setting the level (no open redirect). */
export function safeReturnPath(value: string | null | undefined): string {
  return safeLocalPath(value, '/');
}

export { returnToSection } from './return-to-section';
