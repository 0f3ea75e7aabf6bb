import { type FilmContent } from '../content/schema';
import { TRAIT_KEYS } from '../page/parts/kind';
import { plural } from '../content/derive';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from './levels';

/**
 * How many items of each part of a page sit at each spoiler level: counts only, never content, so
 * a reader's page can say what each level would add ("3 more events, 1 character") without
 * sending any of it. Computed from the page when it is published (stored with the published film)
 * and for previews, by the same function.
 */
export const COUNTED_PARTS = ['events', 'characters', 'setting', 'themes', 'kind', 'contentNotes', 'questions', 'story'] as const;
export type CountedPart = (typeof COUNTED_PARTS)[number];
export type LevelCounts = Record<CountedPart, Record<SpoilerLevel, number>>;

const zero = (): Record<SpoilerLevel, number> => ({ none: 0, light: 0, full: 0 });

export function emptyLevelCounts(): LevelCounts {
  return Object.fromEntries(COUNTED_PARTS.map((part) => [part, zero()])) as LevelCounts;
}

/** A setting with nothing written in it is shown at no level, so it is not counted. */
export function settingHasContent({ era, when, place, where, tags }: FilmContent['setting']): boolean {
  return [era, when, place, where].some((text) => text !== '') || tags.length > 0;
}

/** The kind of film's values that are filled in (traits and the summary): empty ones are shown at no level. */
export function filledKindValues(kind: FilmContent['kind']): Array<{ spoiler: SpoilerLevel }> {
  return [...TRAIT_KEYS.map((key) => kind[key]).filter((trait) => trait.value !== ''), ...(kind.summary.text ? [kind.summary] : [])];
}

export function countByLevel(content: FilmContent): LevelCounts {
  const counts = emptyLevelCounts();
  const add = (part: CountedPart, items: Array<{ spoiler: SpoilerLevel }>) => {
    for (const item of items) counts[part][item.spoiler] += 1;
  };
  add('events', content.events);
  add('characters', content.characters);
  add('themes', content.themes);
  const { setting, kind } = content;
  if (settingHasContent(setting)) add('setting', [setting]);
  add('kind', [...filledKindValues(kind), ...kind.moods]);
  add('contentNotes', kind.contentNotes);
  add('questions', content.quiz.questions);
  // The full story is always level full.
  if (content.story !== '') counts.story.full = 1;
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
  return COUNTED_PARTS.map((part) => ({ part, count: between.reduce((sum, level) => sum + counts[part][level], 0) })).filter((gain) => gain.count > 0);
}

/** How many items of one part are at or below `level`. */
export function countUpTo(counts: LevelCounts, part: CountedPart, level: SpoilerLevel): number {
  return SPOILER_LEVELS.filter((l) => levelRank(l) <= levelRank(level)).reduce((sum, l) => sum + counts[part][l], 0);
}

const NOUNS: Record<CountedPart, (n: number) => string> = {
  events: (n) => plural(n, 'event'),
  characters: (n) => plural(n, 'character'),
  setting: () => 'the setting',
  themes: (n) => plural(n, 'theme'),
  kind: (n) => plural(n, 'kind-of-film detail'),
  contentNotes: (n) => plural(n, 'content note'),
  questions: (n) => plural(n, 'quiz question'),
  story: () => 'the full story',
};

/**
 * "3 more events, 1 character, the setting and the full story": what a level would add (`more`),
 * or without "more", what it would take away.
 */
export function describeGain(gains: Array<{ part: CountedPart; count: number }>, more = true): string {
  const words = gains.map(({ part, count }, i) =>
    more && i === 0 && part !== 'setting' && part !== 'story' ? `${count} more ${NOUNS[part](count).replace(/^\d+ /u, '')}` : NOUNS[part](count),
  );
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
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
