import { SPOILER_LEVELS, parseLevel } from './spoiler-levels.mjs';

/**
 * The spoiler levels, their labels and order, without zod: the browser's reader islands (the quiz)
 * import these, and zod would add ~27 kB of compressed JavaScript to every reader page that does.
 * `levels.ts` re-exports them with the zod schema.
 */

/** Ordered spoiler levels: a reader at level L sees every item whose level is <= L. */
export { SPOILER_LEVELS, parseLevel };
export type SpoilerLevel = (typeof SPOILER_LEVELS)[number];

export const DEFAULT_READER_LEVEL: SpoilerLevel = 'none';
/** New content defaults to the most hidden level, so forgetting to choose never exposes a spoiler. */
export const DEFAULT_ITEM_LEVEL: SpoilerLevel = 'full';

export const SPOILER_LABELS: Record<SpoilerLevel, string> = {
  none: 'No spoilers',
  light: 'Light spoilers',
  full: 'Full spoilers',
};

export function levelRank(level: SpoilerLevel): number {
  return SPOILER_LEVELS.indexOf(level);
}

/** Whether a reader at `readerLevel` sees an item at `itemLevel`; an item whose level is none of the levels, nobody. */
export function isVisibleAt(itemLevel: SpoilerLevel, readerLevel: SpoilerLevel): boolean {
  const rank = levelRank(itemLevel);
  return rank >= 0 && rank <= levelRank(readerLevel);
}

/** Reads a level from untrusted input (query string, cookie); anything unknown is the safe default. */
export function parseSpoilerLevel(value: unknown, fallback: SpoilerLevel = DEFAULT_READER_LEVEL): SpoilerLevel {
  return parseLevel(value) ?? fallback;
}
