// @ts-check
/**
 * The spoiler levels in order, in plain JavaScript so that server/front-cache.mjs (loaded
 * outside Next's bundles) reads the same list as the app; lib/spoilers/levels.ts re-exports it.
 * A reader at level L sees every item whose level is <= L.
 */
export const SPOILER_LEVELS = /** @type {const} */ (['none', 'light', 'full']);
