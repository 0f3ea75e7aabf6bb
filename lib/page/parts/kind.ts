import { z } from 'zod';
import { MAX_TEXT, itemIdSchema, requiredText, spoiler, trimmed, uniqueIds } from '../../content/fields';
import { DEFAULT_ITEM_LEVEL, SPOILER_LEVELS, isVisibleAt, type SpoilerLevel } from '../../spoilers/levels';
import { levelField, quote, type Item } from '../diff-spec';
import { mentions } from '../lede';
import { definePart, type Leveled } from '../part';
import { bodyLines, capitalised, heldBackAt, oneLine } from '../page-text';
import { atLevelInOrder, visibleAt } from '../spoiler-filter';
import { contentNoteKindOf, contentNoteKindSchema, contentNoteKindsOf, parseContentNoteKinds } from '../../content/content-note-kinds';

export const TRAIT_KEYS = ['tone', 'pacing', 'story', 'intensity', 'ending'] as const;
export type TraitKey = (typeof TRAIT_KEYS)[number];
export const TRAIT_LABELS: Record<TraitKey, string> = {
  tone: 'Tone',
  pacing: 'Pacing',
  story: 'Story',
  intensity: 'Intensity',
  ending: 'Ending',
};

/** A short kind-of-film value; "Ending: Sad" is itself a spoiler, so each value has its level. */
export const traitSchema = z.object({ value: trimmed(80).default(''), spoiler });

export const labelItemSchema = z.object({
  id: itemIdSchema,
  label: requiredText(120, 'Label'),
  spoiler,
});

/**
 * A content note: its words at their level, and its kind (lib/content/content-note-kinds.ts), shown
 * at every level. A note saved before kinds existed has none: its words give it (contentNoteKindOf).
 */
export const contentNoteSchema = labelItemSchema.extend({ kind: contentNoteKindSchema.optional() });

const emptyTrait = () => ({ value: '', spoiler: DEFAULT_ITEM_LEVEL });

export const kindSchema = z.object({
  tone: traitSchema.default(emptyTrait),
  pacing: traitSchema.default(emptyTrait),
  story: traitSchema.default(emptyTrait),
  intensity: traitSchema.default(emptyTrait),
  ending: traitSchema.default(emptyTrait),
  summary: z.object({ text: trimmed(MAX_TEXT).default(''), spoiler }).default(() => ({ text: '', spoiler: DEFAULT_ITEM_LEVEL })),
  moods: z.array(labelItemSchema).max(50).default([]),
  contentNotes: z.array(contentNoteSchema).max(50).default([]),
});

export type Kind = z.output<typeof kindSchema>;
export type LabelItem = z.output<typeof labelItemSchema>;
export type ContentNote = z.output<typeof contentNoteSchema>;
type KindContent = { kind: Kind };

export const isTraitKey = (key: string): key is TraitKey => (TRAIT_KEYS as readonly string[]).includes(key);

/** The kind of film's values that are filled in (traits and the summary): empty ones are shown at no level. */
export function filledKindValues(kind: Kind): Leveled[] {
  return [...TRAIT_KEYS.map((key) => kind[key]).filter((trait) => trait.value !== ''), ...(kind.summary.text ? [kind.summary] : [])];
}

/** The kind of film as a reader at `level` sees it, and how much it held back. */
export function visibleKind(kind: Kind, level: SpoilerLevel) {
  const traits = TRAIT_KEYS.filter((key) => kind[key].value !== '').map((key) => ({ key, ...kind[key] }));
  const shownTraits = visibleAt(traits, level).map(({ key, value }) => ({ key, value }));
  const summaryShown = kind.summary.text !== '' && isVisibleAt(kind.summary.spoiler, level);
  const moods = visibleAt(kind.moods, level);
  const contentNotes = visibleAt(kind.contentNotes, level).map((note) => ({ ...note, kind: contentNoteKindOf(note) }));
  const hidden =
    traits.length - shownTraits.length + (kind.summary.text !== '' && !summaryShown ? 1 : 0) + (kind.moods.length - moods.length);
  return {
    shown: {
      traits: shownTraits,
      summary: summaryShown ? kind.summary.text : null,
      moods,
      contentNotes,
      contentNoteKinds: contentNoteKindsOf(kind.contentNotes),
    },
    hidden,
    hiddenNotes: kind.contentNotes.length - contentNotes.length,
  };
}

const traitParts = TRAIT_KEYS.map((trait) => ({
  key: `kind.${trait}`,
  storyKind: 'trait' as const,
  label: `Kind of film: ${TRAIT_LABELS[trait]}`,
  noun: TRAIT_LABELS[trait].toLowerCase(),
  get: (c: KindContent) => c.kind[trait],
  set: (c: KindContent, v: unknown) => {
    c.kind[trait] = v as Kind[typeof trait];
  },
  fields: [{ field: 'value', label: 'value', kind: 'text' as const }, levelField],
  level: (c: KindContent) => c.kind[trait].spoiler,
}));

type ItemRow = { itemId: string; label: string; spoiler: SpoilerLevel };
type KindRow = {
  traits: Array<{ key: string; value: string }>;
  moods: ItemRow[];
  contentNotes: Array<ItemRow & { kind: string }>;
  contentNoteKinds: unknown;
  _count: { traits: number; moods: number; contentNotes: number };
};

/** "What Kind of Film Is {title}?": tone, pacing, story, intensity, ending, a summary, moods and content notes, each at its level. */
export const kindPart = definePart({
  id: 'kind',
  label: 'Kind of film',
  keys: ['kind'],
  heading: (title) => `What Kind of Film Is ${title}?`,
  schema: { kind: kindSchema.default(() => kindSchema.parse({})) },
  refine: (c: KindContent, ctx) => {
    uniqueIds(c.kind.moods, ['kind', 'moods'], ctx);
    uniqueIds(c.kind.contentNotes, ['kind', 'contentNotes'], ctx);
  },
  spoiler: 'per-item',
  counts: [
    {
      key: 'kind',
      nouns: ['kind-of-film detail', 'kind-of-film details'],
      items: (c: KindContent) => [...filledKindValues(c.kind), ...c.kind.moods],
      views: [
        {
          key: 'kindValues',
          label: 'Kind of film',
          nouns: ['kind-of-film value', 'kind-of-film values'],
          items: (c: KindContent) => filledKindValues(c.kind),
        },
        { key: 'moods', label: 'Mood keywords', nouns: ['mood keyword', 'mood keywords'], items: (c: KindContent) => c.kind.moods },
      ],
    },
    {
      key: 'contentNotes',
      label: 'Content notes',
      nouns: ['content note', 'content notes'],
      items: (c: KindContent) => c.kind.contentNotes,
      seenAtEveryLevel: true,
    },
  ],
  lede: {
    label: 'The kind of film’s summary line',
    text: (film: Parameters<typeof kindLineAt>[0]) => kindLineAt(film),
    names: (film: Parameters<typeof kindLineAt>[0], _content: unknown, line: string) =>
      film.kind.traits.filter((t) => mentions(line, t.value)).map((t) => `kind.${t.key}`),
  },
  diff: {
    fields: [
      ...traitParts,
      {
        key: 'kind.summary',
        storyKind: 'summary',
        label: 'Kind of film: summary',
        noun: 'kind-of-film summary',
        get: (c) => c.kind.summary,
        set: (c, v) => void (c.kind.summary = v as Kind['summary']),
        fields: [{ field: 'text', label: 'text', kind: 'long' }, levelField],
        level: (c) => c.kind.summary.spoiler,
      },
    ],
    lists: [
      {
        key: 'kind.moods',
        storyKind: 'mood',
        noun: 'mood keyword',
        nouns: 'mood keywords',
        get: (c) => c.kind.moods as Item[],
        set: (c, items) => void (c.kind.moods = items),
        name: (item) => `mood${quote(item.label)}`,
        label: (item) => `Mood keyword${quote(item.label)}`,
        title: (item) => String(item.label ?? ''),
        fields: [{ field: 'label', label: 'label', kind: 'text' }, levelField],
      },
      {
        key: 'kind.contentNotes',
        storyKind: 'contentNote',
        noun: 'content note',
        nouns: 'content notes',
        get: (c) => c.kind.contentNotes as Item[],
        set: (c, items) => void (c.kind.contentNotes = items),
        name: (item) => `content note${quote(item.label)}`,
        label: (item) => `Content note${quote(item.label)}`,
        title: (item) => String(item.label ?? ''),
        fields: [{ field: 'label', label: 'label', kind: 'text' }, { field: 'kind', label: 'kind', kind: 'choice' }, levelField],
      },
    ],
  },
  reader: {
    shape: {
      kind: z.object({
        traits: z.array(z.object({ key: z.enum(TRAIT_KEYS), value: z.string() })),
        summary: z.string().nullable(),
        moods: z.array(labelItemSchema),
        contentNotes: z.array(labelItemSchema.extend({ kind: contentNoteKindSchema })),
        /** The kinds of all the film's notes, at every level: what each warns about, never its words. */
        contentNoteKinds: z.array(contentNoteKindSchema),
      }),
    },
    hidden: {
      /** Kind-of-film values, summary and mood keywords held back. */
      kind: z.int(),
      /** Content notes held back (their wording may itself reveal the plot). */
      contentNotes: z.int(),
    },
    visible: (c: KindContent, level) => {
      const kind = visibleKind(c.kind, level);
      return { kind: kind.shown, hidden: { kind: kind.hidden, contentNotes: kind.hiddenNotes } };
    },
    select: (level) => ({
      fields: {
        // With its level, so a page read up to a point dates a value as it dates every other item (shownUpTo).
        traits: { ...atLevelInOrder(level), select: { key: true, value: true, spoiler: true } },
        moods: { ...atLevelInOrder(level), select: { itemId: true, label: true, spoiler: true } },
        contentNotes: { ...atLevelInOrder(level), select: { itemId: true, label: true, kind: true, spoiler: true } },
        contentNoteKinds: true,
      },
      counts: { traits: true, moods: true, contentNotes: true },
    }),
    read: (row: KindRow) => {
      const traits = row.traits.filter((t) => isTraitKey(t.key)).map((t) => ({ key: t.key as TraitKey, value: t.value }));
      const summary = row.traits.find((t) => t.key === 'summary')?.value ?? null;
      const shown = traits.length + (summary ? 1 : 0) + row.moods.length;
      const withId = ({ itemId, ...item }: ItemRow) => ({ id: itemId, ...item });
      const notes = row.contentNotes.map(({ itemId, kind, ...note }) => ({
        id: itemId,
        ...note,
        kind: contentNoteKindSchema.catch('other').parse(kind),
      }));
      return {
        kind: {
          traits,
          summary,
          moods: row.moods.map(withId),
          contentNotes: notes,
          contentNoteKinds: parseContentNoteKinds(row.contentNoteKinds),
        },
        hidden: { kind: row._count.traits + row._count.moods - shown, contentNotes: row._count.contentNotes - row.contentNotes.length },
      };
    },
    // The section: the values and moods (the content notes stand under the title, ContentNotes).
    listed: (film: { kind: { traits: unknown[]; summary: string | null; moods: unknown[] }; hidden: { kind: number } }) =>
      film.kind.traits.length > 0 || film.kind.summary !== null || film.kind.moods.length > 0 || film.hidden.kind > 0,
  },
  storage: {
    columns: ({ kind }: KindContent) => ({ contentNoteKinds: contentNoteKindsOf(kind.contentNotes) }),
    rows: ({ kind }: KindContent, { filmId }) => {
      const traits = [
        ...TRAIT_KEYS.map((key) => ({ key, ...kind[key] })),
        { key: 'summary', value: kind.summary.text, spoiler: kind.summary.spoiler },
      ].filter((t) => t.value !== '');
      const items = (list: LabelItem[]) => list.map(({ id, ...item }, position) => ({ filmId, itemId: id, position, ...item }));
      return [
        ['kindTrait', traits.map((t, position) => ({ ...t, position, filmId }))],
        ['moodKeyword', items(kind.moods)],
        ['contentNote', items(kind.contentNotes).map((note) => ({ ...note, kind: contentNoteKindOf(note) }))],
      ];
    },
  },
  search: {
    kinds: { kind: { label: 'Kind of film', anchor: 'section', named: false } },
    // The values grouped into one document per level.
    documents: ({ kind: k }: KindContent) =>
      SPOILER_LEVELS.flatMap((level) => {
        const body = bodyLines(
          ...TRAIT_KEYS.filter((key) => k[key].value && k[key].spoiler === level).map((key) => `${TRAIT_LABELS[key]}: ${k[key].value}`),
          k.summary.text && k.summary.spoiler === level ? k.summary.text : '',
          k.moods
            .filter((m) => m.spoiler === level)
            .map((m) => m.label)
            .join(', '),
          k.contentNotes
            .filter((n) => n.spoiler === level)
            .map((n) => n.label)
            .join(', '),
        );
        return body ? [{ kind: 'kind', itemId: '', position: 0, level, title: 'What kind of film it is', body }] : [];
      }),
  },
});

const withArticle = (word: string) => `${/^[aeiou]/iu.test(word) ? 'an' : 'a'} ${word}`;

export function kindLine(kind: Pick<Kind, 'tone' | 'pacing' | 'story'>): string {
  const tone = oneLine(kind.tone.value);
  const pacing = oneLine(kind.pacing.value).toLocaleLowerCase();
  const story = oneLine(kind.story.value).toLocaleLowerCase();
  const rest = [pacing && `${pacing} pacing`, story && `${withArticle(story)} story`].filter(Boolean).join(' and ');
  const said = tone ? `${tone} in tone${rest ? `, with ${rest}` : ''}` : rest;
  return `${said ? capitalised(said) : 'Not described yet'}, going by the plot summary.`;
}

export function kindLineAt(film: {
  title: string;
  kind: { traits: Array<{ key: TraitKey; value: string }>; summary: string | null; moods: unknown[] };
  hidden: { kind: number };
  upto?: unknown;
}): string {
  const value = (key: 'tone' | 'pacing' | 'story') => ({
    value: film.kind.traits.find((t) => t.key === key)?.value ?? '',
    spoiler: 'none' as const,
  });
  const described = ['tone', 'pacing', 'story'].some((key) => film.kind.traits.some((t) => t.key === key));
  // "Not described yet" would be untrue when the description is there but above the reader's level.
  // The counts are per part, not per value, so the level that shows it for certain is full.
  if (!described && film.hidden.kind > 0)
    return `What kind of film ${film.title} is, is hidden ${heldBackAt(film)}.${film.upto ? '' : ' Full spoilers show it.'}`;
  // Nor is it a line to put above the values that are shown (intensity, the summary, moods).
  if (!described && (film.kind.traits.length > 0 || film.kind.summary !== null || film.kind.moods.length > 0)) return '';
  return kindLine({ tone: value('tone'), pacing: value('pacing'), story: value('story') });
}
