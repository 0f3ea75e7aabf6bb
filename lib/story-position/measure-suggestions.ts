import type { FilmContent } from '../content/schema';
import { parsePage } from '../import';
import { countReaderView, describeLevelView } from '../spoilers/level-counts';
import { levelRank, type SpoilerLevel } from '../spoilers/levels';
import { visibleFilm } from '../spoilers/visible-film';
import { lintFilmSpoilers, type SpoilerWarning } from './lint-spoilers';
import { suggestFilmLevels, withSuggestedLevels, type LevelSuggestion, type SuggestOptions } from './suggest-levels';
import { storyPageOf } from './film-story-page';
import type { ItemPart, StoryPage } from './story-page';

/**
 * The suggestions and the lint measured against a page whose levels an editor set by hand
 * (docs/spoiler-suggestions.md, "Measured"; scripts/story/measure-suggestions.ts prints it):
 * agreement per part, the lint's warnings on the hand-set levels, and what a no-spoiler reader
 * of the same page imported without markers (so at the suggested levels) would see, with the two
 * safety properties checked by text, independently of how the suggestions are made:
 * - whatever the premise names by name (a character's given name, the setting's place, a theme's
 *   title as written) is shown at none;
 * - no text of the last third of the timeline (the first eight words of each of its events'
 *   descriptions) reaches a reader at none or light.
 */

export type Verdict = 'agrees' | 'higher' | 'lower';

export const verdictOf = (s: Pick<LevelSuggestion, 'current' | 'suggested'>): Verdict => {
  const d = levelRank(s.suggested) - levelRank(s.current);
  return d === 0 ? 'agrees' : d > 0 ? 'higher' : 'lower';
};

export type PartAgreement = { part: ItemPart; items: number; agrees: number; higher: number; lower: number };

export type PageMeasurement = {
  title: string;
  suggestions: LevelSuggestion[];
  parts: PartAgreement[];
  total: PartAgreement & { share: number };
  /** The lint of the page as levelled by hand. */
  warnings: SpoilerWarning[];
  /** "A no-spoiler reader sees 2 of 12 events, …", the page imported without markers. */
  noSpoilerReader: string;
  /** What the premise names, and at which suggested level each is (all should be none). */
  premiseNamed: Array<{ label: string; named: string; suggested: SpoilerLevel }>;
  /** Leak probes from the last third found in what a reader at none or light is sent (should be empty). */
  lastThirdLeaks: Array<{ level: SpoilerLevel; probe: string }>;
};

/** A page as found elsewhere: no spoiler markers. */
export const unmarked = (page: string) => page.replace(/\s*\[spoiler: \w+\]/gu, '');

/** The first eight words of a text: the same leak probe as the import's integration test. */
const probe = (text: string) => text.split(/\s+/u).slice(0, 8).join(' ');

/**
 * What the premise names by name, found by plain text: a character's given name (the first word of
 * its name, unless a possessive: "Sarah's mother" is someone else), the setting's place, a theme's
 * title as written.
 */
function premiseNamedItems(page: StoryPage): Array<{ path: string; label: string; named: string }> {
  // What every reader is told beyond the title: the premise (and the genres).
  const premise = page.spoilerFree
    .filter((t) => t.field !== 'title')
    .map((t) => t.text)
    .join('\n');
  const found: Array<{ path: string; label: string; named: string }> = [];
  for (const item of page.items) {
    const title = item.texts.find((t) => t.field === item.titleField)?.text.trim() ?? '';
    if (!title) continue;
    // A character by given name, a theme by its title, the setting by its place before the comma ("Halloway, Ireland").
    const named =
      item.part === 'character' ? (title.split(/[\s,]+/u)[0] ?? '') : item.part === 'theme' ? title : (title.split(',')[0]?.trim() ?? '');
    if (item.part === 'character' && (!/^\p{Lu}/u.test(named) || /['’]s$/u.test(named))) continue;
    if (named && new RegExp(`(^|[^\\p{L}])${named.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}($|[^\\p{L}])`, 'iu').test(premise))
      found.push({ path: item.path, label: item.label, named });
  }
  return found;
}

function lastThirdLeaks(content: FilmContent): PageMeasurement['lastThirdLeaks'] {
  const page = storyPageOf(content);
  const events = page.items.filter((item) => item.position !== null);
  const lastThird = events.filter((event) => event.position! > Math.ceil((events.length * 2) / 3));
  // (The full story is never shown below full: the events carry the test.)
  const probes = lastThird
    .flatMap((event) => event.texts.filter((t) => t.field.endsWith('.description')).map((t) => probe(t.text)))
    .filter((p) => p.split(' ').length >= 4);
  const leaks: PageMeasurement['lastThirdLeaks'] = [];
  for (const level of ['none', 'light'] as const) {
    const sent = JSON.stringify(visibleFilm(content, level));
    for (const p of probes) if (sent.includes(JSON.stringify(p).slice(1, -1))) leaks.push({ level, probe: p });
  }
  return leaks;
}

export function agreementByPart(suggestions: LevelSuggestion[]): PartAgreement[] {
  const parts = [...new Set(suggestions.map((s) => s.part))];
  return parts.map((part) => {
    const of = suggestions.filter((s) => s.part === part);
    const n = (v: Verdict) => of.filter((s) => verdictOf(s) === v).length;
    return { part, items: of.length, agrees: n('agrees'), higher: n('higher'), lower: n('lower') };
  });
}

/** Measures one page-format text whose levels were set by hand. */
export function measurePage(text: string, options: SuggestOptions = {}): PageMeasurement {
  const { content } = parsePage(text);
  const suggestions = suggestFilmLevels(content, options);
  const parts = agreementByPart(suggestions);
  const sum = (key: 'items' | 'agrees' | 'higher' | 'lower') => parts.reduce((total, p) => total + p[key], 0);
  const imported = withSuggestedLevels(parsePage(unmarked(text)).content, options);
  const importedSuggestions = new Map(suggestFilmLevels(imported, options).map((s) => [s.path, s.suggested]));
  return {
    title: content.title,
    suggestions,
    parts,
    total: {
      part: 'event',
      items: sum('items'),
      agrees: sum('agrees'),
      higher: sum('higher'),
      lower: sum('lower'),
      share: sum('agrees') / Math.max(1, sum('items')),
    },
    warnings: lintFilmSpoilers(content, options),
    noSpoilerReader: describeLevelView(countReaderView(imported, 'none')),
    premiseNamed: premiseNamedItems(storyPageOf(imported)).map(({ path, label, named }) => ({
      label,
      named,
      suggested: importedSuggestions.get(path) ?? 'full',
    })),
    lastThirdLeaks: lastThirdLeaks(imported),
  };
}
