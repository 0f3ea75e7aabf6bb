import type { FilmContent, PersonRef } from '../content/schema';
import type { Character } from '../page/parts/characters';
import type { FilmFacts } from '../page/parts/facts';
import type { Poster, Still } from '../page/parts/images';
import type { Kind, LabelItem, TraitKey } from '../page/parts/kind';
import type { Setting } from '../page/parts/setting';
import type { Theme } from '../page/parts/themes';
import type { TimelineEvent } from '../page/parts/timeline';
import { TRAIT_KEYS } from '../page/parts/kind';
import { castOf, countWords } from '../content/derive';
import { isVisibleAt, type SpoilerLevel } from './levels';
import { countByLevel, type LevelCounts } from './level-counts';

/**
 * A film page as one reader may see it: only items at or below the reader's level, plus how many
 * were held back. Both the published reader page (filtered in the database query) and the editor's
 * preview (filtered here, from a draft) produce this shape, so they render identically.
 */
export type VisibleFilm = {
  level: SpoilerLevel;
  title: string;
  slug: string;
  releaseYear: number | null;
  premise: string;
  /** The full story is always level full: null below it. */
  story: string | null;
  /** Word counts are not spoilers: they are shown even when the story is hidden. */
  storyWords: number;
  premiseWords: number;
  /** People who play the visible characters: their names link to their pages. */
  cast: PersonRef[];
  events: Array<TimelineEvent & { number: number }>;
  eventsTotal: number;
  characters: Character[];
  charactersTotal: number;
  setting: Setting | null;
  themes: Array<Theme & { number: number }>;
  themesTotal: number;
  kind: {
    traits: Array<{ key: TraitKey; value: string }>;
    summary: string | null;
    moods: LabelItem[];
    contentNotes: LabelItem[];
  };
  quiz: { visible: number; total: number };
  /** How many items of each part sit at each level (counts only): what each level would add. */
  counts: LevelCounts;
  // ---- images (issue 17): only those at the reader's level
  poster: VisibleImage | null;
  stills: VisibleImage[];
  stillsTotal: number;
  // ---- end of images
  /** Release date, runtime, credits, genres…: not spoilers, the same at every level. */
  facts: FilmFacts;
  hidden: {
    events: number;
    characters: number;
    themes: number;
    setting: boolean;
    story: boolean;
    /** Kind-of-film values, summary and mood keywords held back. */
    kind: number;
    /** Content notes held back (their wording may itself reveal the plot). */
    contentNotes: number;
    /** Stills above the level (a poster above it is simply not there). */
    stills: number;
  };
};

/** A poster or still as a reader sees it; its size when known (published pages, previews), for the layout. */
export type VisibleImage = Omit<Still, 'id'> & { id: string; width: number | null; height: number | null };

const toVisibleImage = (item: Poster | Still): VisibleImage => ({ id: 'id' in item ? item.id : 'poster', caption: 'caption' in item ? item.caption : '', image: item.image, alt: item.alt, spoiler: item.spoiler, width: null, height: null });

const visible = <T extends { spoiler: SpoilerLevel }>(items: T[], level: SpoilerLevel) =>
  items.filter((item) => isVisibleAt(item.spoiler, level));

export function visibleKind(kind: Kind, level: SpoilerLevel): { shown: VisibleFilm['kind']; hidden: number; hiddenNotes: number } {
  const traits = TRAIT_KEYS.filter((key) => kind[key].value !== '').map((key) => ({ key, ...kind[key] }));
  const shownTraits = visible(traits, level).map(({ key, value }) => ({ key, value }));
  const summaryShown = kind.summary.text !== '' && isVisibleAt(kind.summary.spoiler, level);
  const moods = visible(kind.moods, level);
  const contentNotes = visible(kind.contentNotes, level);
  const hidden =
    traits.length - shownTraits.length +
    (kind.summary.text !== '' && !summaryShown ? 1 : 0) +
    (kind.moods.length - moods.length);
  const hiddenNotes = kind.contentNotes.length - contentNotes.length;
  return { shown: { traits: shownTraits, summary: summaryShown ? kind.summary.text : null, moods, contentNotes }, hidden, hiddenNotes };
}

/** Filters a whole page in memory: the editor preview, and the JSON of a draft. */
export function visibleFilm(content: FilmContent, level: SpoilerLevel): VisibleFilm {
  const numberedEvents = content.events.map((e, i) => ({ ...e, number: i + 1 }));
  const numberedThemes = content.themes.map((t, i) => ({ ...t, number: i + 1 }));
  const events = visible(numberedEvents, level);
  const characters = visible(content.characters, level);
  const themes = visible(numberedThemes, level);
  const settingShown = isVisibleAt(content.setting.spoiler, level);
  const storyShown = isVisibleAt('full', level);
  const kind = visibleKind(content.kind, level);
  const posterShown = content.poster != null && isVisibleAt(content.poster.spoiler, level);
  const stills = visible(content.stills, level);
  return {
    level,
    title: content.title,
    slug: content.slug,
    releaseYear: content.releaseYear,
    premise: content.premise,
    story: storyShown ? content.story : null,
    storyWords: countWords(content.story),
    premiseWords: countWords(content.premise),
    cast: castOf(characters),
    events,
    eventsTotal: content.events.length,
    characters,
    charactersTotal: content.characters.length,
    setting: settingShown ? content.setting : null,
    themes,
    themesTotal: content.themes.length,
    kind: kind.shown,
    quiz: { visible: visible(content.quiz.questions, level).length, total: content.quiz.questions.length },
    counts: countByLevel(content),
    poster: posterShown ? toVisibleImage(content.poster!) : null,
    stills: stills.map(toVisibleImage),
    stillsTotal: content.stills.length,
    facts: content.facts,
    hidden: {
      events: content.events.length - events.length,
      characters: content.characters.length - characters.length,
      themes: content.themes.length - themes.length,
      setting: !settingShown,
      story: !storyShown && content.story !== '',
      kind: kind.hidden,
      contentNotes: kind.hiddenNotes,
      stills: content.stills.length - stills.length,
    },
  };
}
