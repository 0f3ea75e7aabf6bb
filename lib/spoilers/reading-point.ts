import { SPOILER_LEVELS, isVisibleAt, levelRank, type SpoilerLevel } from './levels';

/**
 * Reading up to a point: a reader who says "I've seen up to event N" sees what the story has
 * revealed by then and nothing after. Each item carries the point at which it is revealed
 * (`revealedAt`, 0 = before the first event); computed at publish (lib/story-position/
 * reading-points.ts) and stored with the published film as `ReadingPoints`. Pure: the reader
 * query (lib/reader/get-published-film.ts), the preview and the tests use the same rule:
 *
 * an item is shown up to N when it is revealed by N *and* its level is at most the level of the
 * events seen (levelAtPoint): the point never shows more than the coarse level a reader of those
 * events would choose, so an editor's level still holds where the suggestion says less.
 */
export type ReadingPoints = {
  /** The level of each timeline event, in order. */
  events: SpoilerLevel[];
  /** Each item's point by its key (readingKeyOfRow): its id, a kind-of-film value's key, or SINGLE_ITEM. */
  items: Record<string, number>;
};

/** The key of an item that is one of its kind on the page (the setting). */
export const SINGLE_ITEM = '~';

/** The level a reader who has seen the first `upto` events reads at: the highest of theirs; everything once all are seen. */
export function levelAtPoint(points: ReadingPoints | null, upto: number): SpoilerLevel {
  if (!points) return 'none';
  if (upto >= points.events.length) return 'full';
  let level: SpoilerLevel = 'none';
  for (const event of points.events.slice(0, upto)) if (levelRank(event) > levelRank(level)) level = event;
  return level;
}

/** How many events the reader has seen, at most the timeline's length. */
export const clampPoint = (points: ReadingPoints | null, upto: number) => Math.max(0, Math.min(upto, points?.events.length ?? 0));

/**
 * The key of a published row (or a draft's item) for ReadingPoints.items: its item id, else its
 * key (kind-of-film values), else SINGLE_ITEM for a row with a level but neither (the setting);
 * null for rows that carry no level (credits, people), which a point never hides.
 */
export function readingKeyOfRow(row: object): string | null {
  const r = row as { itemId?: unknown; key?: unknown; spoiler?: unknown };
  if (typeof r.itemId === 'string') return r.itemId;
  if (typeof r.key === 'string') return r.key;
  return 'spoiler' in r ? SINGLE_ITEM : null;
}

/** An item's key in ReadingPoints.items, as its published row gives it (readingKeyOfRow): its id, a kind-of-film value's key, or SINGLE_ITEM. */
export function readingKeyOfItem(item: { id: string | null; path: string; part?: string }): string {
  if (item.part === 'poster') return 'poster';
  return item.id ?? (item.path.includes('.') ? item.path.slice(item.path.lastIndexOf('.') + 1) : SINGLE_ITEM);
}

/**
 * Whether a row is shown to a reader who has seen the first `upto` events. A row the points do
 * not know (an image: no suggestion dates it) is shown from the start at level none, else only
 * once every event is seen: the safe direction.
 */
export function shownUpTo(points: ReadingPoints, upto: number, row: object): boolean {
  const key = readingKeyOfRow(row);
  if (key === null) return true;
  const level = (row as { spoiler?: unknown }).spoiler;
  if (typeof level === 'string' && !isVisibleAt(level as SpoilerLevel, levelAtPoint(points, upto))) return false;
  const at = points.items[key] ?? (level === 'none' ? 0 : points.events.length);
  return at <= upto;
}

/** Stored points as read back from the database; anything malformed is none (the reader then sees level none). */
export function parseReadingPoints(value: unknown): ReadingPoints | null {
  if (!value || typeof value !== 'object') return null;
  const { events, items } = value as { events?: unknown; items?: unknown };
  if (!Array.isArray(events) || !events.every((e) => (SPOILER_LEVELS as readonly unknown[]).includes(e))) return null;
  if (!items || typeof items !== 'object') return null;
  const clean: Record<string, number> = {};
  for (const [key, at] of Object.entries(items)) if (Number.isInteger(at) && (at as number) >= 0) clean[key] = at as number;
  return { events: events as SpoilerLevel[], items: clean };
}
