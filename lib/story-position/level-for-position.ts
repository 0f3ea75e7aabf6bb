import type { SpoilerLevel } from '../spoilers/levels';

/**
 * Which level a point of the timeline belongs to. The premise and the setup (the first fifth of
 * the timeline) are no spoiler; up to the middle is a light spoiler; the second half, where the
 * turns and the ending are, is a full spoiler. The cut-offs lean late-to-full on purpose: a
 * level suggested too high only hides something, one suggested too low spoils it.
 */
export type PositionShares = { none: number; light: number };

export const DEFAULT_SHARES: PositionShares = { none: 1 / 5, light: 1 / 2 };

/** The last timeline position each level shows, of `total` events: none → 2, light → 6, full → 13 for 13. */
export function lastPositionAt(level: SpoilerLevel, total: number, shares: PositionShares = DEFAULT_SHARES): number {
  if (level === 'full') return total;
  return Math.floor(total * shares[level] + 1e-9);
}

/** The level a thing first revealed at `position` (1..total) belongs to; null (the premise covers it) is none. */
export function levelForPosition(position: number | null, total: number, shares: PositionShares = DEFAULT_SHARES): SpoilerLevel {
  if (position === null) return 'none';
  if (position <= lastPositionAt('none', total, shares)) return 'none';
  if (position <= lastPositionAt('light', total, shares)) return 'light';
  return 'full';
}

/** "in the setup", "before the middle", "in the second half": where a position is, for reasons. */
export function stretchOf(position: number, total: number, shares: PositionShares = DEFAULT_SHARES): string {
  const level = levelForPosition(position, total, shares);
  return level === 'none' ? 'in the setup' : level === 'light' ? 'before the middle' : 'in the second half';
}
