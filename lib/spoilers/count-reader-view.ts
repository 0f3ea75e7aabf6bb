import type { FilmContent } from '../content/schema';
import { SECTION_LABELS, type SectionId } from '../page/parts';
import { plural } from '../content/derive';
import { SPOILER_LEVELS, type SpoilerLevel } from './levels';
import { visibleFilm, type VisibleFilm } from './visible-film';
import { filledKindValues, settingHasContent } from './level-counts';

/**
 * What a reader at each spoiler level will see of a page: "a no-spoiler reader sees 0 of 13
 * events, 0 of 7 characters". Counted from `visibleFilm`, the filter the editor's previews use and
 * whose rule (`isVisibleAt`, `levelsUpTo`) the published reader queries apply, so the editor's
 * summary and warnings say exactly what readers get. The full story is left out: it is always
 * level full by design, so hiding it from lower levels is never a mistake to warn about.
 */

/** One countable part of the page: a list section, or one of the kind-of-film lists. */
export type CountedPart = 'events' | 'characters' | 'setting' | 'themes' | 'kindValues' | 'moods' | 'contentNotes' | 'quiz';

export type PartCount = {
  part: CountedPart;
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
  /** Parts with items of which this level sees none. */
  empty: PartCount[];
};

const NOUNS: Record<CountedPart, [string, string]> = {
  events: ['event', 'events'],
  characters: ['character', 'characters'],
  setting: ['setting', 'settings'],
  themes: ['theme', 'themes'],
  kindValues: ['kind-of-film value', 'kind-of-film values'],
  moods: ['mood keyword', 'mood keywords'],
  contentNotes: ['content note', 'content notes'],
  quiz: ['quiz question', 'quiz questions'],
};

const LABELS: Record<CountedPart, string> = {
  events: SECTION_LABELS.timeline,
  characters: SECTION_LABELS.characters,
  setting: SECTION_LABELS.setting,
  themes: SECTION_LABELS.themes,
  kindValues: SECTION_LABELS.kind,
  moods: 'Mood keywords',
  contentNotes: 'Content notes',
  quiz: SECTION_LABELS.quiz,
};

const SECTIONS: Record<CountedPart, SectionId> = {
  events: 'timeline',
  characters: 'characters',
  setting: 'setting',
  themes: 'themes',
  kindValues: 'kind',
  moods: 'kind',
  contentNotes: 'kind',
  quiz: 'quiz',
};

function countParts(content: FilmContent, view: VisibleFilm): Record<CountedPart, { shown: number; total: number }> {
  const kindTotal = filledKindValues(content.kind).length;
  const setting = settingHasContent(content.setting);
  return {
    events: { shown: view.events.length, total: view.eventsTotal },
    characters: { shown: view.characters.length, total: view.charactersTotal },
    setting: { shown: setting && view.setting ? 1 : 0, total: setting ? 1 : 0 },
    themes: { shown: view.themes.length, total: view.themesTotal },
    kindValues: { shown: view.kind.traits.length + (view.kind.summary !== null ? 1 : 0), total: kindTotal },
    moods: { shown: view.kind.moods.length, total: content.kind.moods.length },
    contentNotes: { shown: view.kind.contentNotes.length, total: content.kind.contentNotes.length },
    quiz: { shown: view.quiz.visible, total: view.quiz.total },
  };
}

/** What a reader at `level` sees of each part of the page that has items. */
export function countReaderView(content: FilmContent, level: SpoilerLevel): LevelView {
  const counts = countParts(content, visibleFilm(content, level));
  const parts = (Object.keys(NOUNS) as CountedPart[])
    .filter((part) => counts[part].total > 0)
    .map((part) => ({ part, section: SECTIONS[part], label: LABELS[part], ...counts[part] }));
  return { level, parts, empty: parts.filter((p) => p.shown === 0) };
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
  if (part === 'setting') return shown ? 'the setting' : 'not the setting';
  const [one, many] = NOUNS[part];
  return `${shown} of ${plural(total, one, many)}`;
}

const joinAnd = (phrases: string[]) => (phrases.length <= 1 ? phrases.join('') : `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`);

/** "A no-spoiler reader sees 0 of 13 events, 0 of 7 characters and not the setting." */
export function describeLevelView(view: LevelView): string {
  if (view.parts.length === 0) return `${READER_AT[view.level]} sees the premise only: the page has no items yet.`;
  return `${READER_AT[view.level]} sees ${joinAnd(view.parts.map(describePart))}.`;
}

/** "A no-spoiler reader would see nothing in Timeline (13 events) and Setting." (empty when nothing is missing) */
export function describeEmpty(view: LevelView): string {
  if (view.empty.length === 0) return '';
  const phrases = view.empty.map((p) => (p.part === 'setting' ? p.label : `${p.label} (${plural(p.total, ...NOUNS[p.part])})`));
  return `${READER_AT[view.level]} would see nothing in ${joinAnd(phrases)}.`;
}

/** Levels that would see nothing of a part that has items: what publishing warns about. */
export function emptyViews(views: LevelView[]): LevelView[] {
  return views.filter((view) => view.empty.length > 0);
}
