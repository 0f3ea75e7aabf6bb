import type { z } from 'zod';
import type { SpoilerLevel } from '../spoilers/levels';
import type { PersonRef } from '../content/fields';
import type { ListSpec, PartSpec } from './diff-spec';

/**
 * What one part of the film page is, for everything that walks the page: the registry
 * (lib/page/parts.ts) lists the parts in page order and every walker derives from it. A part's
 * functions read the content it needs and answer for that part only; the walkers put the answers
 * together. Nothing here imports React or server-only code, so the registry is safe in the browser
 * and on the server. What depends on more than data lives in registries keyed by part id, each
 * covering exactly the registry's parts: the page format's sections (lib/page-format/sections),
 * the editor's and the reader's section components (components/editor/film-form/part-sections.tsx,
 * components/reader/film/part-sections.tsx).
 */

/**
 * Where a part's spoiler level comes from: fixed for the whole part (the premise is always none,
 * the full story always full), or one per item (every event, character, theme…, the setting as one
 * block). The filters derive from it: a fixed part is shown, selected and counted by its level.
 */
export type SpoilerRule = { fixed: SpoilerLevel } | 'per-item';

export type Leveled = { spoiler: SpoilerLevel };

/**
 * How a part counts in "what each level adds" (PublishedFilm.levelCounts) and in the editor's
 * "what readers will see": items at each level, counts only. `key` is the stored key.
 */
export type LevelCount = {
  key: string;
  /** "event", "events": "3 more events". */
  nouns: readonly [string, string];
  /** A part shown as one block is named, not counted: "the setting", "the full story". */
  whole?: string;
  items: (content: never) => Leveled[];
  /** The editor's name for it ("Kind of film"); the part's label when left out. */
  label?: string;
  /** More about the items in a summary of the page: "13 name a place, across 11 locations". */
  detail?: (content: never) => string;
  /** The editor's counts, when finer than this one or keyed otherwise (kind values and mood keywords apart). */
  views?: ReadonlyArray<{ key: string; label: string; nouns: readonly [string, string]; items: (content: never) => Leveled[] }>;
  /**
   * What every reader sees of the items whatever their levels (content notes: their kinds), so no
   * level sees nothing of the part; for the editor's hint and the check before publishing.
   */
  seenAtEveryLevel?: true;
};

/** One searchable piece of a published page, at the spoiler level of the content it holds. */
export type SearchDocumentInput = {
  kind: string;
  itemId: string;
  position: number;
  level: SpoilerLevel;
  title: string;
  body: string;
  /** Places it names (a setting's place, an event's where): words "did you mean" may correct a query to. */
  names?: string[];
};

/** How search results show and link a kind of document the part writes. */
export type SearchKindSpec = {
  label: string;
  /** Where a hit links: the item's anchor (`#event-e3`), the section's (`#setting`), the film page, or the person's page. */
  anchor: 'item' | 'section' | 'film' | 'person';
  /** The document's title names the item itself ("Collapse"), not a section of a film. */
  named: boolean;
  /** Its title is a name (a film's title, a person's or character's name): its words are search terms, for "did you mean". */
  termsFromTitle?: true;
};

/** What publishing needs to know of a part: its PublishedFilm columns, its own tables' rows, the people it links. */
export type PartStorage = {
  columns?: (content: never) => Record<string, unknown>;
  /**
   * Rows of the part's tables, in insert order (a table before one that refers to it). `personId`
   * gives the Person row of someone the page names (every part's `people` are written first).
   */
  rows?: (
    content: never,
    ctx: { filmId: string; personId: (slug: string) => string },
  ) => ReadonlyArray<readonly [table: string, rows: object[]]>;
  /**
   * People with a page of their own through this part (actors, directors, writers), and as what;
   * `table` links them to a published film (its rows have `personId`), `relation` is Person's side
   * of it. `order` places them among the other parts' people (actors first).
   */
  people?: { order: number; table: string; relation: string; of: (content: never) => Array<{ person: PersonRef; role: string }> };
};

/**
 * The part as a reader gets it (VisibleFilm and the reader API): its fields and what it held back,
 * from a draft in memory (`visible`) or from the published tables in SQL (`select` + `read`).
 * Both apply the part's spoiler rule, so previews and the published page agree.
 */
export type ReaderSpec = {
  shape: z.ZodRawShape;
  hidden: z.ZodRawShape;
  visible: (content: never, level: SpoilerLevel) => object;
  /** The PublishedFilm select at a level (fields and relations), and the relations it counts in all. */
  select: (level: SpoilerLevel) => { fields: Record<string, unknown>; counts?: Record<string, unknown> };
  read: (row: never, level: SpoilerLevel) => object;
  /** Whether the reader page lists the section ("On this page"); always when left out. */
  listed?: (film: never) => boolean;
};

export type PagePart = {
  /** Names the part in the editor (`#section-timeline`), on the reader page (`#timeline`), in the page format and in diffs. */
  id: string;
  label: string;
  /**
   * The top-level content keys the part holds: also its revision storage group (one
   * content-addressed blob per part, lib/films/revision-store.ts). Keep them stable: changing
   * a part's keys stores every page's part once more.
   */
  keys: readonly string[];
  /** The section heading of the reader page and the page format; the film's own fields have none. */
  heading?: (title: string) => string;
  /** The part's fields of the content schema; `refine` checks rules across them (ids unique). */
  schema: z.ZodRawShape;
  refine?: (content: never, ctx: z.RefinementCtx) => void;
  spoiler: SpoilerRule;
  counts?: readonly LevelCount[];
  /**
   * The line above the section that a reader sees whatever their level (lib/story-position lints
   * it): its text at a level, and the content paths of the items it names ("events.3"), since
   * raising their level takes the words away.
   */
  lede?: { label: string; text: (film: never) => string; names: (film: never, content: never, line: string) => string[] };
  /**
   * What the story-position suggestions read of the part besides its levelled items: texts that
   * are spoiler-free by definition (the title, the premise, the genres), the full story (which
   * dates every term), and a text every reader sees at every level, to lint.
   */
  storyTexts?: {
    spoilerFree?: (content: never) => Array<{ field: string; text: string }>;
    story?: (content: never) => string;
    shown?: { path: string; label: string; text: (content: never) => string };
  };
  /** How it is compared and merged (lib/films/diff): its fields and its lists. */
  diff: { fields?: ReadonlyArray<Omit<PartSpec, 'section'>>; lists?: ReadonlyArray<Omit<ListSpec, 'section'>> };
  reader?: ReaderSpec;
  storage?: PartStorage;
  search?: { kinds: Record<string, SearchKindSpec>; documents: (content: never) => SearchDocumentInput[] };
  /** False for a part the film editor shows but does not edit (the quiz is the admins'): saves carry the base revision's. */
  editedInFilmEditor?: false;
};

/** Checks a part against PagePart while keeping its own precise types (the walkers derive types from them). */
export const definePart = <const P extends PagePart>(part: P): P => part;
