import { z } from 'zod';

/**
 * What a content note warns about, from one small fixed list: the kind is shown to every reader at
 * every level ("Content notes: illness, death"), while the note's own words keep their level (they
 * may reveal the plot). The one place the kinds are listed: the content schema, the editor's
 * select, the page format's `[kind: …]` marker, the published column and the reader all use it.
 */
export const CONTENT_NOTE_KINDS = [
  'illness',
  'death',
  'violence',
  'abuse',
  'self-harm',
  'substance-use',
  'sexual-content',
  'animal-harm',
  'frightening',
  'discrimination',
  'language',
  'other',
] as const;

export const contentNoteKindSchema = z.enum(CONTENT_NOTE_KINDS);
export type ContentNoteKind = z.output<typeof contentNoteKindSchema>;

/** How a kind reads in a sentence: "Content notes: illness, death". */
export const CONTENT_NOTE_KIND_LABELS: Record<ContentNoteKind, string> = {
  illness: 'illness',
  death: 'death',
  violence: 'violence',
  abuse: 'abuse',
  'self-harm': 'self-harm',
  'substance-use': 'substance use',
  'sexual-content': 'sexual content',
  'animal-harm': 'animal harm',
  frightening: 'frightening scenes',
  discrimination: 'discrimination',
  language: 'strong language',
  other: 'other content',
};

/**
 * The keyword map: a note's kind from its words, first match wins (so "death of a pet" is animal
 * harm, "suicide" self-harm before death). Used where a note has no kind of its own: imports, notes
 * saved before kinds existed. The migration that added the column backfilled with the same words.
 */
const KEYWORDS: ReadonlyArray<readonly [ContentNoteKind, RegExp]> = [
  ['animal-harm', /\b(animal|dog|dogs|cat|cats|horse|pet|pets)\b/iu],
  ['self-harm', /\b(self[- ]?harm|suicid\w*|self[- ]?injur\w*|cutting|eating disorder\w*)\b/iu],
  ['sexual-content', /\b(sex\w*|nudity|nude|rape)\b/iu],
  ['abuse', /\b(abus\w*|grooming|neglect|domestic)\b/iu],
  ['substance-use', /\b(drugs?|alcohol\w*|drinking|drunk\w*|overdos\w*|addict\w*|smoking|substance)\b/iu],
  ['death', /\b(death|deaths|dying|dies|die|grief|bereave\w*|loss of|funeral|killed)\b/iu],
  ['violence', /\b(violen\w*|gun\w*|shoot\w*|murder\w*|fight\w*|blood\w*|gore|war|assault|torture|weapons?)\b/iu],
  ['illness', /\b(ill|illness|illnesses|disease\w*|cancer|medical|hospital\w*|sick\w*|surgery|diagnos\w*|pandemic|dementia)\b/iu],
  ['discrimination', /\b(racis\w*|homophob\w*|transphob\w*|sexis\w*|slurs?|discriminat\w*|bigot\w*)\b/iu],
  ['language', /\b(language|swearing|profanity|profane)\b/iu],
  ['frightening', /\b(frighten\w*|scary|horror|jump scares?|peril|intense)\b/iu],
];

export function guessContentNoteKind(label: string): ContentNoteKind {
  return KEYWORDS.find(([, words]) => words.test(label))?.[0] ?? 'other';
}

/** A note's kind: its own, else the one its words suggest (a note saved before kinds existed). */
export const contentNoteKindOf = (note: { label: string; kind?: ContentNoteKind }): ContentNoteKind =>
  note.kind ?? guessContentNoteKind(note.label);

/** The kinds of these notes, each once, in the order they first appear. */
export function contentNoteKindsOf(notes: ReadonlyArray<{ label: string; kind?: ContentNoteKind }>): ContentNoteKind[] {
  return [...new Set(notes.map(contentNoteKindOf))];
}

/** Stored kinds as read back from the database: unknown values are left out. */
export const parseContentNoteKinds = (value: unknown): ContentNoteKind[] =>
  Array.isArray(value) ? value.filter((k): k is ContentNoteKind => contentNoteKindSchema.safeParse(k).success) : [];
