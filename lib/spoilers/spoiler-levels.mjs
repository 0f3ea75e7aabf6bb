// @ts-check
/**
 * The spoiler levels in order, in plain JavaScript so that server/front-cache.mjs (loaded
 * outside Next's bundles) reads the same list as the app; lib/spoilers/levels.ts re-exports it.
 * A reader at level L sees every item whose level is <= L.
 */
export const SPOILER_LEVELS = /** @type {const} */ (['none', 'light', 'full']);

/**
 * The one reading of a level from untrusted text (an address, a cookie token, a route segment):
 * the level, or null for anything else (case and spacing included: `FULL`, ` full` are no level).
 * @param {unknown} value
 * @returns {typeof SPOILER_LEVELS[number] | null}
 */
export function parseLevel(value) {
  return SPOILER_LEVELS.find((level) => level === value) ?? null;
}
