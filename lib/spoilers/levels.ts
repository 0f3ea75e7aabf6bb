import { z } from 'zod';
import { SPOILER_LEVELS } from './spoiler-levels.mjs';

/** Ordered spoiler levels: a reader at level L sees every item whose level is <= L. */
export { SPOILER_LEVELS };
export type SpoilerLevel = (typeof SPOILER_LEVELS)[number];

export const spoilerLevelSchema = z.enum(SPOILER_LEVELS);

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

export function isVisibleAt(itemLevel: SpoilerLevel, readerLevel: SpoilerLevel): boolean {
  return levelRank(itemLevel) <= levelRank(readerLevel);
}

/** Reads a level from untrusted input (query string, cookie); anything unknown is the safe default. */
export function parseSpoilerLevel(value: unknown, fallback: SpoilerLevel = DEFAULT_READER_LEVEL): SpoilerLevel {
  return typeof value === 'string' && (SPOILER_LEVELS as readonly string[]).includes(value) ? (value as SpoilerLevel) : fallback;
}
