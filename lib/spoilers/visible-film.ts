import type { FilmContent } from '../content/schema';
import { PAGE_PARTS, type AnyPart } from '../page/parts';
import type { SpoilerLevel } from './levels';
import type { Untranslated } from '../translations/unit-key';
import { countByLevel, type LevelCounts } from './level-counts';
import { LISTS, PARTS } from '../films/diff/page-model';
import { clampPoint, levelAtPoint, readingKeyOfItem, shownUpTo, type ReadingPoints } from './reading-point';

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
    /** In a translation: the texts the reader gets in the page's own language (lib/translations/unit-key.ts). */
    untranslated?: Untranslated;
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
export function visibleFilm(content: FilmContent, level: SpoilerLevel, counts: LevelCounts = countByLevel(content)): VisibleFilm {
  return assembleVisibleFilm(
    level,
    READ_PARTS.map((part) => part.reader.visible(content as never, level)),
    counts,
  );
}

/**
 * A page read up to a point (the first `upto` events seen) in memory, as getPublishedFilmUpTo reads
 * it from the published tables: at the level of the events seen (levelAtPoint), each levelled item
 * of the registry (its lists' items and its levelled fields, lib/films/diff/page-model.ts) kept by
 * the same rule as a published row (shownUpTo, by the same key); an item the point holds back counts
 * as above the reader's level, so each part's own filter hides and counts it.
 */
export function visibleFilmUpTo(content: FilmContent, points: ReadingPoints | null, upto: number): VisibleFilm {
  const level = levelAtPoint(points, upto);
  const seen = clampPoint(points, upto);
  const held = points ? heldBack(content, (row) => shownUpTo(points, seen, row)) : content;
  return atPoint(visibleFilm(held, level, countByLevel(content)), points, seen);
}

/**
 * A page read at levelAtPoint, its rows kept by shownUpTo, made into the page read up to the point:
 * the full story only once every event is seen, and how far the reader is. The published reader
 * (lib/reader/get-published-film.ts) and the in-memory filter (visibleFilmUpTo, below) both end here.
 */
export function atPoint<F extends { story: string | null; storyWords: number; eventsTotal: number; hidden: object }>(
  film: F,
  points: ReadingPoints | null,
  seen: number,
): F & { upto: { seen: number; events: number } } {
  const everySeen = points !== null && seen >= points.events.length;
  const story = !everySeen && film.story !== null ? { story: null, hidden: { ...film.hidden, story: film.storyWords > 0 } } : {};
  return { ...film, ...story, upto: { seen, events: points?.events.length ?? film.eventsTotal } };
}

/** Above every reader's level (isVisibleAt shows it to nobody); never leaves heldBack's copy, counts come from the page itself. */
const HELD_BACK = 'held back' as SpoilerLevel;

/** The page with every levelled item `shown` does not keep at a level no reader reads at. */
function heldBack(content: FilmContent, shown: (row: { itemId: string; spoiler: SpoilerLevel }) => boolean): FilmContent {
  const page = structuredClone(content);
  const above = <T extends object>(item: T, key: string): T =>
    shown({ itemId: key, spoiler: (item as { spoiler: SpoilerLevel }).spoiler }) ? item : { ...item, spoiler: HELD_BACK };
  for (const list of LISTS)
    list.set(
      page,
      list.get(page).map((item) => above(item, String(item.id))),
    );
  for (const part of PARTS) {
    const value = part.storyKind ? part.get(page) : null;
    if (value && typeof value === 'object' && 'spoiler' in value)
      part.set(page, above(value, readingKeyOfItem({ id: null, path: part.key, part: part.storyKind })));
  }
  return page;
}

export { READ_PARTS };
