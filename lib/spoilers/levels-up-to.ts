import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from './levels';

/** The levels a reader at `level` may see, for `where: { spoiler: { in: … } }` in queries. */
export function levelsUpTo(level: SpoilerLevel): SpoilerLevel[] {
  return SPOILER_LEVELS.filter((l) => levelRank(l) <= levelRank(level));
}
