import type { FilmContent } from '../content/schema';
import { PAGE_PARTS, type AnyPart } from '../page/parts';
import type { SpoilerLevel } from './levels';
import { countByLevel, type LevelCounts } from './level-counts';

/**
 * A film page as one reader may see it: only items at or below the reader's level, plus how many
 * were held back. Both the published reader page (filtered in the database query,
 * lib/reader/get-published-film.ts) and the editor's preview (filtered here, from a draft)
 * produce this shape, so they render identically. Each part of the page says what it contributes
 * (lib/page/parts, `reader`); this puts the parts' slices together.
 */

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type SliceOf<P> = P extends { reader: { visible: (...args: never[]) => infer S } } ? S : never;
type Slices = UnionToIntersection<SliceOf<AnyPart>>;

export type VisibleFilm = { level: SpoilerLevel } & Omit<Slices, 'hidden'> & {
    /** How many items of each part sit at each level (counts only): what each level would add. */
    counts: LevelCounts;
    /** How many items (or whether a block) each part held back at this level. */
    hidden: Slices extends { hidden: infer H } ? H : never;
    /** Read up to a point of the story (lib/spoilers/reading-point.ts): the events seen, of how many. */
    upto?: { seen: number; events: number };
  };

/** Puts the parts' slices (each with its `hidden`) together into one VisibleFilm. */
export function assembleVisibleFilm(level: SpoilerLevel, slices: object[], counts: LevelCounts): VisibleFilm {
  const film: Record<string, unknown> = { level };
  const hidden: Record<string, unknown> = {};
  for (const { hidden: held, ...fields } of slices as Array<{ hidden: object }>) {
    Object.assign(film, fields);
    Object.assign(hidden, held);
  }
  return { ...film, counts, hidden } as VisibleFilm;
}

const READ_PARTS = PAGE_PARTS.filter((part): part is Extract<AnyPart, { reader: object }> => 'reader' in part);

/** Filters a whole page in memory: the editor preview, and the JSON of a draft. */
export function visibleFilm(content: FilmContent, level: SpoilerLevel): VisibleFilm {
  return assembleVisibleFilm(
    level,
    READ_PARTS.map((part) => part.reader.visible(content as never, level)),
    countByLevel(content),
  );
}

export { READ_PARTS };
