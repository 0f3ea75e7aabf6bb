// @ts-check
/**
 * The `spoilers` cookie's format and the level it gives a film, in plain JavaScript so that the
 * front cache of server/serve.mjs keys pages exactly as proxy.ts chooses them.
 * lib/reader/reader-level.ts re-exports these with their types.
 *
 * Written as `~`-separated tokens, newest first: a bare level is the level for all films,
 * `{slug}.{level}` one film's, e.g. `light~kiss-and-cry.full`. Characters encodeURIComponent
 * leaves alone, so the value is stored as written.
 */
import { SPOILER_LEVELS } from '../spoilers/spoiler-levels.mjs';

/** @typedef {typeof SPOILER_LEVELS[number]} SpoilerLevel */
/**
 * @typedef {object} LevelChoices
 * @property {SpoilerLevel | null} all The level for every film without its own choice; null when never chosen (none applies).
 * @property {Array<{ slug: string, level: SpoilerLevel }>} films Films with their own level, the most recently chosen first.
 */

/** Bounded so the cookie stays well under the 4 KB browsers keep: older film choices drop off. */
export const MAX_FILM_CHOICES = 40;
export const MAX_COOKIE_CHARS = 3000;
const LEVEL_TOKEN = new RegExp(`^(${SPOILER_LEVELS.join('|')})$`);
const FILM_TOKEN = new RegExp(`^([a-z0-9]+(?:-[a-z0-9]+)*)\\.(${SPOILER_LEVELS.join('|')})$`);

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
      choices.films.push({ slug: film[1], level: /** @type {SpoilerLevel} */ (film[2]) });
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
