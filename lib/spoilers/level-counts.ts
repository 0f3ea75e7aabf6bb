import type { FilmContent } from '../content/schema';
import { plural } from '../content/derive';
import { PAGE_PARTS, SECTION_LABELS, type AnyPart, type SectionId } from '../page/parts';
import type { LevelCount, Leveled } from '../page/part';
import { SPOILER_LEVELS, isVisibleAt, levelRank, type SpoilerLevel } from './levels';

/**
 * How many items of each part of a page sit at each spoiler level: counts only, never content, so
 * a reader's page can say what each level would add ("3 more events, 1 character") without
 * sending any of it, and the editor can say what a reader at each level will see ("a no-spoiler
 * reader sees 0 of 13 events"). Both come from the parts' own counts (lib/page/parts, `counts`):
 * what readers are offered is stored with the published film (PublishedFilm.levelCounts,
 * computed at publish; previews compute the same from the draft); what the editor is told is
 * counted from the draft by the same items and the same rule (`isVisibleAt`) the reader queries
 * apply. Parts with a fixed level (the full story) are left out of the editor's counts: hiding
 * them from lower levels is the rule, never a mistake to warn about.
 */

type PartCounts = Extract<AnyPart, { counts: readonly LevelCount[] }>;
/** A key of the stored counts: "events", "kind", "story"… */
export type CountedPart = PartCounts['counts'][number]['key'];
export type LevelCounts = Record<CountedPart, Record<SpoilerLevel, number>>;

type Counted = { part: AnyPart; count: LevelCount };
/**
 * In page order, the parts with a fixed level last: what a level adds reads "3 more events, 1
 * character and the full story", the items first and the story they lead to at the end.
 */
const COUNTS: Counted[] = PAGE_PARTS.flatMap((part) =>
  'counts' in part ? part.counts.map((count: LevelCount) => ({ part, count })) : [],
).sort((a, b) => Number(a.part.spoiler !== 'per-item') - Number(b.part.spoiler !== 'per-item'));
const COUNT_BY_KEY = new Map<string, LevelCount>(COUNTS.map(({ count }) => [count.key, count]));

export const COUNTED_PARTS = COUNTS.map(({ count }) => count.key) as [CountedPart, ...CountedPart[]];

const itemsOf = (items: LevelCount['items'], content: FilmContent): Leveled[] => (items as (content: FilmContent) => Leveled[])(content);
const zero = (): Record<SpoilerLevel, number> => ({ none: 0, light: 0, full: 0 });

export function emptyLevelCounts(): LevelCounts {
  return Object.fromEntries(COUNTED_PARTS.map((part) => [part, zero()])) as LevelCounts;
}

export function countByLevel(content: FilmContent): LevelCounts {
  const counts = emptyLevelCounts();
  for (const { count } of COUNTS) for (const item of itemsOf(count.items, content)) counts[count.key as CountedPart][item.spoiler] += 1;
  return counts;
}

/** Reads stored counts; anything missing or malformed counts as zero (it only hides an offer). */
export function parseLevelCounts(value: unknown): LevelCounts {
  const counts = emptyLevelCounts();
  if (!value || typeof value !== 'object') return counts;
  for (const part of COUNTED_PARTS) {
    const stored = (value as Record<string, unknown>)[part];
    if (!stored || typeof stored !== 'object') continue;
    for (const level of SPOILER_LEVELS) {
      const n = (stored as Record<string, unknown>)[level];
      if (Number.isSafeInteger(n) && (n as number) > 0) counts[part][level] = n as number;
    }
  }
  return counts;
}

/** How many items of each part a reader at `from` would gain at `to` (parts that gain none left out). */
export function gainedBetween(counts: LevelCounts, from: SpoilerLevel, to: SpoilerLevel): Array<{ part: CountedPart; count: number }> {
  const between = SPOILER_LEVELS.filter((level) => levelRank(level) > levelRank(from) && levelRank(level) <= levelRank(to));
  return COUNTED_PARTS.map((part) => ({ part, count: between.reduce((sum, level) => sum + counts[part][level], 0) })).filter(
    (gain) => gain.count > 0,
  );
}

/** How many items of one part are at or below `level`. */
export function countUpTo(counts: LevelCounts, part: CountedPart, level: SpoilerLevel): number {
  return SPOILER_LEVELS.filter((l) => levelRank(l) <= levelRank(level)).reduce((sum, l) => sum + counts[part][l], 0);
}

const joinAnd = (phrases: string[]) =>
  phrases.length <= 1 ? phrases.join('') : `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`;

/** "3 events", "the setting": a count in words. */
function countWords(part: CountedPart, n: number): string {
  const count = COUNT_BY_KEY.get(part)!;
  return count.whole ?? plural(n, ...count.nouns);
}

/**
 * "3 more events, 1 character, the setting and the full story": what a level would add (`more`),
 * or without "more", what it would take away.
 */
export function describeGain(gains: Array<{ part: CountedPart; count: number }>, more = true): string {
  return joinAnd(
    gains.map(({ part, count }, i) => {
      const { whole, nouns } = COUNT_BY_KEY.get(part)!;
      return more && i === 0 && !whole ? `${count} more ${count === 1 ? nouns[0] : nouns[1]}` : countWords(part, count);
    }),
  );
}

/** What a page holds, part by part: "13 events (13 name a place, across 11 locations)", "7 characters"… (the import page's summary). */
export function describeContents(content: FilmContent): string[] {
  return COUNTS.filter(({ count }) => !count.whole).map(({ count }) => {
    const total = itemsOf(count.items, content).length;
    const detail = count.detail ? ` (${(count.detail as (content: FilmContent) => string)(content)})` : '';
    return `${plural(total, ...count.nouns)}${detail}`;
  });
}

/**
 * Whether raising the level from `from` to `to` shows more of `part`. A part with no counts at all
 * (not counted, which a page that holds hidden items never is) is assumed to, so a link is never
 * lost to missing counts.
 */
export function revealsMore(counts: LevelCounts, part: CountedPart, from: SpoilerLevel, to: SpoilerLevel): boolean {
  if (countUpTo(counts, part, 'full') === 0) return true;
  return countUpTo(counts, part, to) > countUpTo(counts, part, from);
}

// ---------------------------------------------------------------------------------------------
// What a reader at each level will see of a draft: the editor's "What readers will see" line and
// its check before publishing.

type ViewRow = {
  key: string;
  label: string;
  nouns: readonly [string, string];
  whole: boolean;
  seenAtEveryLevel: boolean;
  section: SectionId;
  items: LevelCount['items'];
};

const VIEW_ROWS: ViewRow[] = COUNTS.filter(({ part }) => part.spoiler === 'per-item').flatMap(({ part, count }) =>
  (count.views ?? [{ key: count.key, label: count.label ?? part.label, nouns: count.nouns, items: count.items }]).map((view) => ({
    ...view,
    whole: count.whole !== undefined,
    seenAtEveryLevel: count.seenAtEveryLevel === true,
    section: part.id,
  })),
);
const VIEW_BY_KEY = new Map(VIEW_ROWS.map((row) => [row.key, row]));

/** One row of the editor's counts: a part's items, or one of the kind-of-film lists ("kindValues", "moods"). */
export type ViewPart = string;

export type PartCount = {
  part: ViewPart;
  /** The page section that holds it (the editor's `#section-{id}`). */
  section: SectionId;
  /** "Timeline", "Content notes": the part's name in warnings. */
  label: string;
  shown: number;
  total: number;
};

export type LevelView = {
  level: SpoilerLevel;
  /** Every part that has items, in page order. */
  parts: PartCount[];
  /** Parts with items of which this level sees nothing (content notes are never: every level sees their kinds). */
  empty: PartCount[];
};

/** What a reader at `level` sees of each part of the page that has items. */
export function countReaderView(content: FilmContent, level: SpoilerLevel): LevelView {
  const parts = VIEW_ROWS.map((row) => {
    const items = itemsOf(row.items, content);
    return {
      part: row.key,
      section: row.section,
      label: row.label,
      shown: items.filter((item) => isVisibleAt(item.spoiler, level)).length,
      total: items.length,
    };
  }).filter((p) => p.total > 0);
  return { level, parts, empty: parts.filter((p) => p.shown === 0 && !VIEW_BY_KEY.get(p.part)!.seenAtEveryLevel) };
}

/** The view of every level, lowest first. */
export function countReaderViews(content: FilmContent): LevelView[] {
  return SPOILER_LEVELS.map((level) => countReaderView(content, level));
}

export const READER_AT: Record<SpoilerLevel, string> = {
  none: 'A no-spoiler reader',
  light: 'A light-spoiler reader',
  full: 'A full-spoiler reader',
};

/** "0 of 13 events", "the setting", "not the setting". */
export function describePart({ part, shown, total }: Pick<PartCount, 'part' | 'shown' | 'total'>): string {
  const row = VIEW_BY_KEY.get(part)!;
  if (row.whole) return shown ? `the ${row.nouns[0]}` : `not the ${row.nouns[0]}`;
  return `${shown} of ${plural(total, ...row.nouns)}`;
}

/** "A no-spoiler reader sees 0 of 13 events, 0 of 7 characters and not the setting." */
export function describeLevelView(view: LevelView): string {
  if (view.parts.length === 0) return `${READER_AT[view.level]} sees the premise only: the page has no items yet.`;
  return `${READER_AT[view.level]} sees ${joinAnd(view.parts.map(describePart))}.`;
}

/** "A no-spoiler reader would see nothing in Timeline (13 events) and Setting." (empty when nothing is missing) */
export function describeEmpty(view: LevelView): string {
  if (view.empty.length === 0) return '';
  const phrases = view.empty.map((p) =>
    VIEW_BY_KEY.get(p.part)!.whole ? p.label : `${p.label} (${plural(p.total, ...VIEW_BY_KEY.get(p.part)!.nouns)})`,
  );
  return `${READER_AT[view.level]} would see nothing in ${joinAnd(phrases)}.`;
}

/** Levels that would see nothing of a part that has items: what publishing warns about. */
export function emptyViews(views: LevelView[]): LevelView[] {
  return views.filter((view) => view.empty.length > 0);
}

/** Parts a page may leave out without asking (a film without trivia, stills or a quiz is usual). */
const OPTIONAL_SECTIONS: ReadonlySet<string> = new Set(['images', 'trivia', 'quiz']);

/**
 * The parts of a page with nothing in them at any level (readers are not shown them): asked about
 * before publishing or approving, like the lint. "Timeline", "Characters"…, in page order.
 */
export function emptyParts(content: FilmContent): Array<{ section: SectionId; label: string }> {
  // Every part that counts its items, the fixed ones too (the full story: one item when written).
  const sections = PAGE_PARTS.map((part) => part.id as SectionId).filter(
    (section) => !OPTIONAL_SECTIONS.has(section) && COUNTS.some(({ part }) => part.id === section),
  );
  const rowsOf = (section: SectionId) => COUNTS.filter(({ part }) => part.id === section).map(({ count }) => count.items);
  return sections
    .filter((section) => rowsOf(section).every((items) => itemsOf(items, content).length === 0))
    .map((section) => ({ section, label: SECTION_LABELS[section] }));
}
