import type { SpoilerLevel } from '../spoilers/levels';

/**
 * Which level a point of the timeline belongs to. The premise and the setup (the first fifth of
 * the timeline, up to a quarter on a page whose setup runs longer: `setupShares`) are no spoiler;
 * up to three fifths (the midpoint turn and a little after) is a light spoiler; the rest, where the
 * turns and the ending are, is a full spoiler, and the last third is always full. The cut-offs lean
 * late-to-full on purpose: a level suggested too high only hides something, one suggested too low
 * spoils it (measured: docs/spoiler-suggestions.md).
 */
export type PositionShares = {
  none: number;
  light: number;
  /** How far the setup may run past `none` while its events bring in no new name (setupShares); `none` when absent. */
  setup?: number;
};

export const DEFAULT_SHARES: PositionShares = { none: 1 / 5, light: 3 / 5, setup: 1 / 4 };

/**
 * The shares of one page: the setup runs on past the first fifth, up to `setup` of the timeline,
 * through the events that bring in no new name (a person, a place, a thing called by a proper name
 * that neither the premise nor an earlier event named). A new name is the story moving past what
 * the premise sets up: a stranger arrives, a place is reached, an illness gets its name.
 * `bringsNewName(position)` says whether the event at a position does.
 */
export function setupShares(total: number, shares: PositionShares, bringsNewName: (position: number) => boolean): PositionShares {
  let end = lastPositionAt('none', total, shares);
  const most = Math.max(end, Math.floor(total * (shares.setup ?? shares.none) + 1e-9));
  while (end < most && !bringsNewName(end + 1)) end += 1;
  return { ...shares, none: end / total };
}

/** The last timeline position each level shows, of `total` events: none → 2, light → 7, full → 13 for 13. */
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

/** "in the setup", "before the turn", "in the last part": where a position is, for reasons. */
export function stretchOf(position: number, total: number, shares: PositionShares = DEFAULT_SHARES): string {
  const level = levelForPosition(position, total, shares);
  return level === 'none' ? 'in the setup' : level === 'light' ? 'before the turn' : 'in the last part';
}
