import type { SpoilerLevel } from '../spoilers/levels';

/**
 * How a part describes itself for comparing and merging (lib/films/diff): its fields and its
 * lists, how to name them for people and where their spoiler level is. Each part's entry in the
 * registry holds its own; lib/films/diff/page-model.ts puts them together.
 */

/** How a value is shown and compared: long text gets a word-level diff; `image`: an uploaded image's id (the compare view shows both). */
export type ValueKind =
  | 'text'
  | 'long'
  | 'number'
  | 'level'
  | 'tags'
  | 'person'
  | 'options'
  | 'image'
  | 'people'
  | 'list'
  | 'countries'
  | 'languages'
  /** A value from a fixed list (a content note's kind): compared as it is, never read as the item's words. */
  | 'choice';

/**
 * One field: `translatable: false` for a text that is the same in every language (an address, an
 * identifier, a date in its machine form); every other text and long field is translated
 * (lib/translations/translation-units.ts).
 */
export type FieldSpec = { field: string; label: string; kind: ValueKind; translatable?: false };

/**
 * What kind of spoiler item a levelled part or list holds, as the story-position suggestions and
 * the lint read it (lib/story-position): an event dates what it names, a content note is judged
 * by its wording, and so on. Every spec with a level field names one (film-story-page.test.ts).
 */
export type StoryKind =
  'event' | 'character' | 'setting' | 'theme' | 'trait' | 'summary' | 'mood' | 'contentNote' | 'trivia' | 'question' | 'poster' | 'still';

/**
 * A page as the diff reads it. The specs are written in their parts' own terms; the diff walks
 * them over whole pages, so the content is left open here (the registry's types derive from the
 * parts, which must not depend on the page type in turn).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DiffContent = any;

/** One part of the page that is not a list item: a field, or an object edited as a whole. */
export type PartSpec = {
  key: string;
  section: string;
  /** For headings: "Premise", "Kind of film: Ending". */
  label: string;
  /** For the one-line summary: "premise", "ending". */
  noun: string;
  get: (content: DiffContent) => unknown;
  set: (content: DiffContent, value: unknown) => void;
  /** A scalar part has one kind; an object part lists its fields. */
  kind?: ValueKind;
  /** A scalar text the same in every language (the slug): not translated. */
  translatable?: false;
  fields?: FieldSpec[];
  /** The level at which readers see this part. */
  level: (content: DiffContent) => SpoilerLevel;
  /** Its kind of spoiler item, when it has a level of its own. */
  storyKind?: StoryKind;
};

export type Item = { id: string } & Record<string, unknown>;

/** An ordered list whose items are matched by their `id`. */
export type ListSpec = {
  key: string;
  section: string;
  noun: string;
  nouns: string;
  get: (content: DiffContent) => Item[];
  set: (content: DiffContent, items: Item[]) => void;
  /** For the summary: "event 5", "character Amanda"; `position` counts from 1. */
  name: (item: Item, position: number) => string;
  /** For headings: "Event 5 “Collapse”". */
  label: (item: Item, position: number) => string;
  /** The item's own name or title, for lists of items. */
  title: (item: Item) => string;
  fields: FieldSpec[];
  /** Its items' kind of spoiler item, when they have levels. */
  storyKind?: StoryKind;
};

export const quote = (text: unknown) => (typeof text === 'string' && text.trim() ? ` “${text.trim()}”` : '');

/** Every item's spoiler level, as the diff names it. */
export const levelField: FieldSpec = { field: 'spoiler', label: 'spoiler level', kind: 'level' };

/**
 * A field of the page's own, read and written under its key (`title`, `premise`), seen by readers
 * at `level`; named "Premise" in headings and "premise" in summaries.
 */
export function pageField(
  key: string,
  label: string,
  kind: ValueKind,
  level: (content: DiffContent) => SpoilerLevel,
  options: { noun?: string; translatable?: false } = {},
): Omit<PartSpec, 'section'> {
  return {
    key,
    label,
    noun: options.noun ?? label.toLowerCase(),
    kind,
    ...(options.translatable === false ? { translatable: false as const } : {}),
    get: (content) => content[key],
    set: (content, value) => void (content[key] = value),
    level,
  };
}
