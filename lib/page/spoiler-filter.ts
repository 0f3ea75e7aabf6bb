import { isVisibleAt, type SpoilerLevel } from '../spoilers/levels';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { Leveled } from './part';

/**
 * The spoiler filters every part applies, in memory (drafts, previews) and in SQL (the published
 * tables), so both say the same: an item is shown at or above its own level (`isVisibleAt`).
 */

/** The items a reader at `level` may see. */
export const visibleAt = <T extends Leveled>(items: T[], level: SpoilerLevel): T[] =>
  items.filter((item) => isVisibleAt(item.spoiler, level));

/** The same in a published-table query: `where` of a relation whose rows carry `spoiler`. */
export const atLevelWhere = (level: SpoilerLevel) => ({ spoiler: { in: levelsUpTo(level) } });

/** A list relation at a level, in page order. */
export const atLevelInOrder = (level: SpoilerLevel) => ({ where: atLevelWhere(level), orderBy: { position: 'asc' as const } });

/** Items numbered from 1 by their place on the page (hidden ones keep their numbers). */
export const numbered = <T>(items: T[]): Array<T & { number: number }> => items.map((item, i) => ({ ...item, number: i + 1 }));
