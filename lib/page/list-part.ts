import { z } from 'zod';
import { uniqueIds } from '../content/fields';
import type { SpoilerLevel } from '../spoilers/levels';
import { levelField, type FieldSpec, type Item, type StoryKind } from './diff-spec';
import { definePart, type PagePart, type SearchDocumentInput, type SearchKindSpec } from './part';
import { atLevelInOrder, numbered, visibleAt } from './spoiler-filter';

/**
 * A part that is one ordered list of levelled items (trivia, themes, the timeline's events, the
 * characters), described once: its item schema, its fields, its nouns, its table and its search
 * document. `defineListPart` derives the registry entry from that (docs/architecture.md, "The part
 * registry"), and the editor's and the reader's generic list sections read the same description.
 */

type ItemSchema = z.ZodObject<{ id: z.ZodString; spoiler: z.ZodType<SpoilerLevel, SpoilerLevel | undefined> }>;

/** How the film editor's generic list section asks for a `text` field (a line) or a `long` one (a text area). */
export type FieldInput = { label: string; placeholder?: string; rows?: number; hint?: string };

/** One field of an item: how the diff names and compares it, and (with `input`) how the generic editor asks for it. */
export type ListField<T> = Omit<FieldSpec, 'field'> & { field: Exclude<keyof T, 'id' | 'spoiler'> & string; input?: FieldInput };

export type ListPartDescription<Id extends string, K extends string, S extends ItemSchema, Kind extends string> = {
  id: Id;
  label: string;
  /** The content key, also the PublishedFilm relation its rows are read through. */
  key: K;
  heading: (title: string) => string;
  item: S;
  /** The most items a page may hold. */
  max: number;
  /** "trivia item", "trivia items": counts, the hidden-items note, the editor's buttons. */
  nouns: readonly [string, string];
  storyKind: StoryKind;
  /** The field that names an item: the diff's title, the editor card's title and the field focused on "+ Add". */
  titleField: ListField<z.output<S>>['field'];
  /** The item's fields but its id and level, in the editor's order. */
  fields: ReadonlyArray<ListField<z.output<S>>>;
  /** For the diff's summary ("trivia item 3") and headings ("Trivia 3 “…”"); `n` counts from 1. */
  name: (item: Item, n: number) => string;
  itemLabel: (item: Item, n: number) => string;
  /** The item's number as editors and readers see it (themes: 01, 02…); none for an unnumbered list. */
  number?: (n: number) => string;
  /** More about the items in a summary of the page ("13 name a place"). */
  detail?: (content: { [P in K]: z.output<S>[] }) => string;
  /** The section's line, for the story-position lint (PagePart's `lede`). */
  lede?: PagePart['lede'];
  /** The Prisma model its published rows are written to (`triviaItem`). */
  table: string;
  /** Its search document: the kind (also the item's anchor, `#trivia-{id}`), how results show it, and each item's title and body. */
  search: Omit<SearchKindSpec, 'anchor'> & {
    kind: Kind;
    document: (item: z.output<S>) => Pick<SearchDocumentInput, 'title' | 'body' | 'names'>;
  };
  /** The film editor's words for the section: what it holds, and an empty item's card title. */
  editor: { description: string; fallback: string };
};

type Numbered<T> = T & { number: number };
type Content<K extends string, T> = { [P in K]: T[] };
type Row<T> = Omit<T, 'id'> & { itemId: string; position: number };

/** What a list part gives a reader: the items their level shows (numbered by place), how many there are, how many are held back. */
export type ListSlice<K extends string, T> = { [P in K]: Numbered<T>[] } & { [P in `${K}Total`]: number } & {
  hidden: { [P in K]: number };
};

/** A field of the generic editor: its input, and whether the schema lets it be left empty. */
export type EditorField = FieldInput & { field: string; kind: 'text' | 'long'; optional: boolean };

const isTextKind = (kind: FieldSpec['kind']): kind is EditorField['kind'] => kind === 'text' || kind === 'long';

/** A new item's empty value of each kind of field (a number is left out: not given). */
const BLANK = { text: '', long: '', tags: [], person: null };

/** The same as a published row reads back: a value not given is null. */
const asRead = <T extends object>(item: T, columns: readonly string[]): T => ({
  ...item,
  ...Object.fromEntries(columns.filter((c) => (item as Record<string, unknown>)[c] === undefined).map((c) => [c, null])),
});

export function defineListPart<const Id extends string, const K extends string, S extends ItemSchema, const Kind extends string>(
  d: ListPartDescription<Id, K, S, Kind>,
) {
  type T = z.output<S>;
  const { key } = d;
  const { kind, document, ...shown } = d.search;
  // The item's stored columns: its fields but the id, as the schema lists them.
  const columns = Object.keys(d.item.shape).filter((column) => column !== 'id');
  const total = `${key}Total` as const;
  const slice = (shown: Numbered<T>[], all: number) =>
    ({ [key]: shown, [total]: all, hidden: { [key]: all - shown.length } }) as ListSlice<K, T>;
  const part = definePart({
    id: d.id,
    label: d.label,
    keys: [key] as const,
    heading: d.heading,
    schema: { [key]: z.array(d.item).max(d.max).default([]) } as { [P in K]: z.ZodDefault<z.ZodArray<S>> },
    refine: (c: Content<K, T>, ctx: z.RefinementCtx) => uniqueIds(c[key], [key], ctx),
    spoiler: 'per-item',
    ...(d.lede && { lede: d.lede }),
    counts: [{ key, nouns: d.nouns, items: (c: Content<K, T>) => c[key], ...(d.detail && { detail: d.detail }) }] as const,
    diff: {
      lists: [
        {
          key,
          storyKind: d.storyKind,
          noun: d.nouns[0],
          nouns: d.nouns[1],
          get: (c) => c[key] as Item[],
          set: (c, items) => void (c[key] = items),
          name: d.name,
          label: d.itemLabel,
          title: (item) => String(item[d.titleField] ?? ''),
          fields: [...d.fields.map(({ input: _input, ...spec }) => spec), levelField],
        },
      ],
    },
    reader: {
      shape: { [key]: z.array(d.item.extend({ number: z.int().min(1) })), [total]: z.int() } as {
        [P in K]: z.ZodArray<z.ZodType<Numbered<T>>>;
      } & { [P in `${K}Total`]: z.ZodInt },
      hidden: { [key]: z.int() } as { [P in K]: z.ZodInt },
      visible: (c: Content<K, T>, level: SpoilerLevel) =>
        slice(
          visibleAt(numbered(c[key]), level).map((item) => asRead(item, columns)),
          c[key].length,
        ),
      select: (level: SpoilerLevel) => ({
        fields: {
          [key]: { ...atLevelInOrder(level), select: Object.fromEntries(['itemId', 'position', ...columns].map((c) => [c, true])) },
        },
        counts: { [key]: true },
      }),
      read: (row: { [P in K]: Row<T>[] } & { _count: { [P in K]: number } }) =>
        slice(
          row[key].map(({ itemId, position, ...item }) => ({ id: itemId, number: position + 1, ...item }) as unknown as Numbered<T>),
          row._count[key],
        ),
      // A page with none of them has no such section (nor an entry in its contents).
      listed: (film: { [P in `${K}Total`]: number }) => film[total] > 0,
    },
    storage: {
      rows: (c: Content<K, T>, { filmId }: { filmId: string }) =>
        [[d.table, c[key].map(({ id, ...item }, position) => asRead({ filmId, itemId: id, position, ...item }, columns))]] as const,
    },
    search: {
      kinds: { [kind]: { ...shown, anchor: 'item' } } as { [P in Kind]: SearchKindSpec },
      documents: (c: Content<K, T>): SearchDocumentInput[] =>
        c[key].map((item, position) => ({ kind, itemId: item.id, position, level: item.spoiler, ...document(item) })),
    },
  });
  const list: ListView = {
    key,
    nouns: d.nouns,
    anchor: kind,
    number: d.number,
    titleField: d.titleField,
    texts: d.fields.filter((f) => isTextKind(f.kind) && f.field !== d.titleField).map((f) => f.field),
    editor: {
      ...d.editor,
      fields: d.fields.flatMap(({ field, kind, input }): EditorField[] =>
        input && isTextKind(kind)
          ? [{ ...input, field, kind, optional: (d.item.shape as Record<string, z.ZodType>)[field].safeParse(undefined).success }]
          : [],
      ),
      blank: Object.fromEntries(d.fields.flatMap(({ field, kind }) => (kind in BLANK ? [[field, BLANK[kind as keyof typeof BLANK]]] : []))),
    },
  };
  return { ...part, list };
}

/**
 * What the generic sections (components/editor/film-form/list-part-section.tsx,
 * components/reader/film/list-part-section.tsx) read of a list part: its nouns, numbering, item
 * anchor (`#theme-{id}`), the field naming an item and its other texts, and what the editor asks for.
 */
export type ListView = {
  key: string;
  nouns: readonly [string, string];
  anchor: string;
  number?: (n: number) => string;
  titleField: string;
  texts: string[];
  editor: { description: string; fallback: string; fields: EditorField[]; blank: Record<string, unknown> };
};

/** A part made by defineListPart, as the generic sections take it. */
export type ListPart = { id: string; label: string; list: ListView; lede?: { text: (film: never) => string } };
