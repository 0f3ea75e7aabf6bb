import { type FilmContent, type PersonRef, type Tag } from '../../content/schema';
import { TRAIT_KEYS, TRAIT_LABELS } from '../../page/parts/kind';
import { countryName, languageName } from '../../page/parts/facts';
import { type QuizQuestion } from '../../page/parts/quiz';
import type { SpoilerLevel } from '../../spoilers/levels';
import type { SectionId } from '../../page/parts';

/**
 * The film page described for comparing and merging: every part an editor can change, how to name
 * it for people, and where its spoiler level is. The diff, the one-line summary and the three-way
 * merge all walk this one description, so a new field is added here once.
 */

/** How a value is shown and compared: long text gets a word-level diff. */
/** `image`: an uploaded image's id; the compare view shows both thumbnails. */
export type ValueKind = 'text' | 'long' | 'number' | 'level' | 'tags' | 'person' | 'options' | 'image' | 'people' | 'list' | 'countries' | 'languages';

export type FieldSpec = { field: string; label: string; kind: ValueKind };

/** One part of the page that is not a list item: a field, or an object edited as a whole. */
export type PartSpec = {
  key: string;
  section: SectionId;
  /** For headings: "Premise", "Kind of film: Ending". */
  label: string;
  /** For the one-line summary: "premise", "ending". */
  noun: string;
  get: (content: FilmContent) => unknown;
  set: (content: FilmContent, value: unknown) => void;
  /** A scalar part has one kind; an object part lists its fields. */
  kind?: ValueKind;
  fields?: FieldSpec[];
  /** The level at which readers see this part. */
  level: (content: FilmContent) => SpoilerLevel;
};

export type Item = { id: string } & Record<string, unknown>;

/** An ordered list whose items are matched by their `id`. */
export type ListSpec = {
  key: string;
  section: SectionId;
  noun: string;
  nouns: string;
  get: (content: FilmContent) => Item[];
  set: (content: FilmContent, items: Item[]) => void;
  /** For the summary: "event 5", "character Amanda"; `position` counts from 1. */
  name: (item: Item, position: number) => string;
  /** For headings: "Event 5 “Collapse”". */
  label: (item: Item, position: number) => string;
  /** The item's own name or title, for lists of items. */
  title: (item: Item) => string;
  fields: FieldSpec[];
};

const quote = (text: unknown) => (typeof text === 'string' && text.trim() ? ` “${text.trim()}”` : '');

const level: FieldSpec = { field: 'spoiler', label: 'spoiler level', kind: 'level' };

const traitParts: PartSpec[] = TRAIT_KEYS.map((trait) => ({
  key: `kind.${trait}`,
  section: 'kind',
  label: `Kind of film: ${TRAIT_LABELS[trait]}`,
  noun: TRAIT_LABELS[trait].toLowerCase(),
  get: (c) => c.kind[trait],
  set: (c, v) => {
    c.kind[trait] = v as FilmContent['kind'][typeof trait];
  },
  fields: [{ field: 'value', label: 'value', kind: 'text' }, level],
  level: (c) => c.kind[trait].spoiler,
}));

export const PARTS: PartSpec[] = [
  { key: 'title', section: 'film', label: 'Title', noun: 'title', kind: 'text', get: (c) => c.title, set: (c, v) => void (c.title = v as string), level: () => 'none' },
  { key: 'slug', section: 'film', label: 'Slug', noun: 'slug', kind: 'text', get: (c) => c.slug, set: (c, v) => void (c.slug = v as string), level: () => 'none' },
  {
    key: 'releaseYear',
    section: 'film',
    label: 'Release year',
    noun: 'release year',
    kind: 'number',
    get: (c) => c.releaseYear,
    set: (c, v) => void (c.releaseYear = v as number | null),
    level: () => 'none',
  },
  // The premise is always spoiler-free and the full story always a full spoiler (docs/product.md).
  { key: 'premise', section: 'premise', label: 'Premise', noun: 'premise', kind: 'long', get: (c) => c.premise, set: (c, v) => void (c.premise = v as string), level: () => 'none' },
  { key: 'story', section: 'story', label: 'Full story', noun: 'full story', kind: 'long', get: (c) => c.story, set: (c, v) => void (c.story = v as string), level: () => 'full' },
  {
    key: 'setting',
    section: 'setting',
    label: 'Setting',
    noun: 'setting',
    get: (c) => c.setting,
    set: (c, v) => void (c.setting = v as FilmContent['setting']),
    fields: [
      // As the editor's form names them.
      { field: 'era', label: 'era', kind: 'text' },
      { field: 'when', label: 'why the time matters', kind: 'long' },
      { field: 'place', label: 'place', kind: 'text' },
      { field: 'where', label: 'why the place matters', kind: 'long' },
      { field: 'tags', label: 'tags', kind: 'tags' },
      level,
    ],
    level: (c) => c.setting.spoiler,
  },
  ...traitParts,
  {
    key: 'kind.summary',
    section: 'kind',
    label: 'Kind of film: summary',
    noun: 'kind-of-film summary',
    get: (c) => c.kind.summary,
    set: (c, v) => void (c.kind.summary = v as FilmContent['kind']['summary']),
    fields: [{ field: 'text', label: 'text', kind: 'long' }, level],
    level: (c) => c.kind.summary.spoiler,
  },
  // ---- images (issue 17)
  {
    key: 'poster',
    section: 'images',
    label: 'Poster',
    noun: 'poster',
    get: (c) => c.poster,
    set: (c, v) => void (c.poster = v as FilmContent['poster']),
    fields: [{ field: 'image', label: 'image', kind: 'image' }, { field: 'alt', label: 'alt text', kind: 'text' }, level],
    // No poster is seen by nobody: the safe level.
    level: (c) => c.poster?.spoiler ?? 'full',
  },
  // Facts are not spoilers: readers see them at every level.
  {
    key: 'facts',
    section: 'facts',
    label: 'Facts',
    noun: 'facts',
    get: (c) => c.facts,
    set: (c, v) => void (c.facts = v as FilmContent['facts']),
    fields: [
      { field: 'releaseDate', label: 'release date', kind: 'text' },
      { field: 'runtimeMinutes', label: 'runtime (minutes)', kind: 'number' },
      { field: 'directors', label: 'directors', kind: 'people' },
      { field: 'writers', label: 'writers', kind: 'people' },
      { field: 'genres', label: 'genres', kind: 'list' },
      { field: 'countries', label: 'countries', kind: 'countries' },
      { field: 'languages', label: 'languages', kind: 'languages' },
      { field: 'ageRatings', label: 'age ratings', kind: 'list' },
      { field: 'imdbId', label: 'IMDb id', kind: 'text' },
      { field: 'wikidataId', label: 'Wikidata id', kind: 'text' },
    ],
    level: () => 'none',
  },
];

const asItems = (items: unknown[]) => items as Item[];

export const LISTS: ListSpec[] = [
  {
    key: 'events',
    section: 'timeline',
    noun: 'event',
    nouns: 'events',
    get: (c) => asItems(c.events),
    set: (c, items) => void (c.events = items as unknown as FilmContent['events']),
    name: (_item, n) => `event ${n}`,
    label: (item, n) => `Event ${n}${quote(item.title)}`,
    title: (item) => String(item.title ?? ''),
    fields: [
      { field: 'title', label: 'title', kind: 'text' },
      { field: 'description', label: 'description', kind: 'long' },
      { field: 'when', label: 'when', kind: 'text' },
      { field: 'where', label: 'where', kind: 'text' },
      level,
    ],
  },
  {
    key: 'characters',
    section: 'characters',
    noun: 'character',
    nouns: 'characters',
    get: (c) => asItems(c.characters),
    set: (c, items) => void (c.characters = items as unknown as FilmContent['characters']),
    name: (item) => `character ${String(item.name)}`,
    label: (item) => `Character${quote(item.name)}`,
    title: (item) => String(item.name ?? ''),
    fields: [
      { field: 'name', label: 'name', kind: 'text' },
      { field: 'playedBy', label: 'played by', kind: 'person' },
      { field: 'description', label: 'description', kind: 'long' },
      { field: 'tags', label: 'tags', kind: 'tags' },
      level,
    ],
  },
  {
    key: 'themes',
    section: 'themes',
    noun: 'theme',
    nouns: 'themes',
    get: (c) => asItems(c.themes),
    set: (c, items) => void (c.themes = items as unknown as FilmContent['themes']),
    name: (item) => `theme${quote(item.title)}`,
    label: (item, n) => `Theme ${String(n).padStart(2, '0')}${quote(item.title)}`,
    title: (item) => String(item.title ?? ''),
    fields: [{ field: 'title', label: 'title', kind: 'text' }, { field: 'description', label: 'description', kind: 'long' }, level],
  },
  {
    key: 'kind.moods',
    section: 'kind',
    noun: 'mood keyword',
    nouns: 'mood keywords',
    get: (c) => asItems(c.kind.moods),
    set: (c, items) => void (c.kind.moods = items as unknown as FilmContent['kind']['moods']),
    name: (item) => `mood${quote(item.label)}`,
    label: (item) => `Mood keyword${quote(item.label)}`,
    title: (item) => String(item.label ?? ''),
    fields: [{ field: 'label', label: 'label', kind: 'text' }, level],
  },
  {
    key: 'kind.contentNotes',
    section: 'kind',
    noun: 'content note',
    nouns: 'content notes',
    get: (c) => asItems(c.kind.contentNotes),
    set: (c, items) => void (c.kind.contentNotes = items as unknown as FilmContent['kind']['contentNotes']),
    name: (item) => `content note${quote(item.label)}`,
    label: (item) => `Content note${quote(item.label)}`,
    title: (item) => String(item.label ?? ''),
    fields: [{ field: 'label', label: 'label', kind: 'text' }, level],
  },
  {
    key: 'stills',
    section: 'images',
    noun: 'still',
    nouns: 'stills',
    get: (c) => asItems(c.stills),
    set: (c, items) => void (c.stills = items as unknown as FilmContent['stills']),
    name: (item) => `still${quote(item.alt)}`,
    label: (item, n) => `Still ${n}${quote(item.alt)}`,
    title: (item) => String(item.alt ?? ''),
    fields: [
      { field: 'image', label: 'image', kind: 'image' },
      { field: 'alt', label: 'alt text', kind: 'text' },
      { field: 'caption', label: 'caption', kind: 'text' },
      level,
    ],
  },
  {
    key: 'quiz.questions',
    section: 'quiz',
    noun: 'quiz question',
    nouns: 'quiz questions',
    get: (c) => asItems(c.quiz.questions),
    set: (c, items) => void (c.quiz.questions = items as unknown as FilmContent['quiz']['questions']),
    name: (_item, n) => `quiz question ${n}`,
    label: (item, n) => `Question ${n}${quote(item.prompt)}`,
    title: (item) => String(item.prompt ?? ''),
    fields: [
      { field: 'prompt', label: 'prompt', kind: 'text' },
      { field: 'options', label: 'options', kind: 'options' },
      { field: 'explanation', label: 'explanation', kind: 'long' },
      level,
    ],
  },
];

/** A value as one line of text, for display and for word diffs of structured fields. */
export function formatValue(kind: ValueKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'tags':
      return (value as Tag[]).map((t) => `${t.emoji ? `${t.emoji} ` : ''}${t.label}`).join(', ');
    case 'person':
      return (value as PersonRef).name;
    case 'people':
      return (value as PersonRef[]).map((p) => p.name).join(', ');
    case 'list':
      return (value as string[]).join(', ');
    case 'countries':
      return (value as string[]).map((code) => `${countryName(code)} (${code})`).join(', ');
    case 'languages':
      return (value as string[]).map((code) => `${languageName(code)} (${code})`).join(', ');
    case 'options':
      return (value as QuizQuestion['options']).map((o) => `${o.text}${o.correct ? ' ✓' : ''}`).join(' / ');
    default:
      return String(value);
  }
}

export type LeveledText = { level: SpoilerLevel; text: string; label: string };

/** Every text of a page with the level readers see it at: spoiler checks look for copied text in it. */
export function textsByLevel(content: FilmContent): LeveledText[] {
  const texts: LeveledText[] = [];
  const isText = (kind: ValueKind | undefined) => kind === 'long' || kind === 'text';
  for (const part of PARTS) {
    const value = part.get(content);
    const lvl = part.level(content);
    if (isText(part.kind)) texts.push({ level: lvl, text: String(value ?? ''), label: part.label.toLowerCase() });
    for (const f of part.fields ?? [])
      if (isText(f.kind)) texts.push({ level: lvl, text: String((value as Record<string, unknown> | null)?.[f.field] ?? ''), label: part.label.toLowerCase() });
  }
  for (const list of LISTS)
    list.get(content).forEach((item, i) => {
      for (const f of list.fields)
        if (isText(f.kind)) texts.push({ level: item.spoiler as SpoilerLevel, text: String(item[f.field] ?? ''), label: list.name(item, i + 1) });
    });
  return texts.filter((t) => t.text.trim() !== '');
}
