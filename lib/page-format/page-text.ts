import { HEADED_SECTIONS, heading, type HeadedSectionId } from '../page/parts';
import { oneLine } from '../page/page-text';
import { DEFAULT_ITEM_LEVEL, SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';
import { CONTENT_NOTE_KINDS, contentNoteKindSchema, type ContentNoteKind } from '../content/content-note-kinds';

/**
 * What the page format's reader (parse-page.ts) and writer (format-page.ts) share besides the page's
 * prose (headings and derived lines, lib/content/page-lines.ts): recognising headings, loose text
 * comparison, ids by position and the machine-readable markers. The format itself is described at
 * the top of format-page.ts.
 */

/** Each section's heading as a pattern, made from `heading` itself so the two never disagree. */
const TITLE = '\u0000';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
const HEADING_PATTERNS: Array<[HeadedSectionId, RegExp]> = HEADED_SECTIONS.map(({ id }) => [
  id,
  new RegExp(`^${heading(id, TITLE).split(TITLE).map(escapeRegExp).join('(.+)')}$`),
]);

/** A known section heading and the title it names (null for "Quiz", which names none). */
export function matchHeading(line: string): { section: HeadedSectionId; title: string | null } | null {
  for (const [section, pattern] of HEADING_PATTERNS) {
    const match = pattern.exec(line);
    if (match) return { section, title: match[1]?.trim() ?? null };
  }
  return null;
}

/** For comparing what a human may have typed: straight or curly quotes, spacing and case don't matter. */
export function looseText(text: string): string {
  return text
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase();
}

/** A text field as the page writes it: one line per paragraph. */
export function paragraphLines(text: string): string[] {
  return text
    .split(/\n+/u)
    .map((line) => line.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Ids and placeholders

/** Ids a page without markers gets, by position: e1, c1, t1, m1, n1, q1; options q1o1. */
export const positionalId = {
  event: (index: number) => `e${index + 1}`,
  character: (index: number) => `c${index + 1}`,
  theme: (index: number) => `t${index + 1}`,
  mood: (index: number) => `m${index + 1}`,
  contentNote: (index: number) => `n${index + 1}`,
  question: (index: number) => `q${index + 1}`,
  option: (questionIndex: number, index: number) => `q${questionIndex + 1}o${index + 1}`,
  still: (index: number) => `s${index + 1}`,
};

/** How the page format names an image: by its address on the site, which holds its id. */
export const imageAddress = (imageId: string) => `/media/${imageId}`;

/** The image id in "/media/{id}", a full address of one of its files, or a bare id; null if none. */
export function imageIdIn(text: string): string | null {
  return /(?:^|\/media\/)([0-9a-f]{32})(?=$|[/.?#])/u.exec(text.trim())?.[1] ?? null;
}

/** Empty era or place with text under it (otherwise the first text line would read as the era). */
export const EMPTY_LABEL = '—';

export function optionLetter(index: number): string {
  return String.fromCharCode('a'.charCodeAt(0) + index);
}

// ---------------------------------------------------------------------------------------------
// Markers: "[spoiler: light · id: e3]" at the end of the line that names an item.

export type Marker = { spoiler?: SpoilerLevel; id?: string; slug?: string; kind?: ContentNoteKind };
export type MarkerKey = keyof Marker;

const MARKER_KEYS: MarkerKey[] = ['spoiler', 'id', 'slug', 'kind'];

export function formatMarker(marker: Marker): string {
  const parts = MARKER_KEYS.filter((key) => marker[key] !== undefined).map((key) => `${key}: ${marker[key]}`);
  return parts.length > 0 ? ` [${parts.join(' · ')}]` : '';
}

/** A trailing "[key: value · …]" whose first key is one of ours; anything else in brackets is text. */
const MARKER_AT_END = /\s*\[\s*((?:spoiler|id|slug|kind)\s*:[^[\]]*)\]$/iu;

export function splitMarker(line: string): { text: string; marker: Marker; problems: string[] } {
  const match = MARKER_AT_END.exec(line);
  if (!match) return { text: line, marker: {}, problems: [] };
  const marker: Marker = {};
  const problems: string[] = [];
  for (const part of match[1].split(/[·;,]/u)) {
    const pair = /^\s*([A-Za-z]+)\s*:\s*(.*?)\s*$/u.exec(part);
    const key = pair?.[1].toLowerCase();
    const value = pair?.[2] ?? '';
    if (key === 'spoiler') {
      if ((SPOILER_LEVELS as readonly string[]).includes(value.toLowerCase())) marker.spoiler = value.toLowerCase() as SpoilerLevel;
      else problems.push(`Unknown spoiler level “${value}” (use none, light or full)`);
    } else if (key === 'kind') {
      const kind = contentNoteKindSchema.safeParse(value.toLowerCase());
      if (kind.success) marker.kind = kind.data;
      else problems.push(`Unknown content note kind “${value}” (use one of ${CONTENT_NOTE_KINDS.join(', ')})`);
    } else if (key === 'id' || key === 'slug') {
      marker[key] = value;
    } else if (part.trim() !== '') {
      problems.push(`Unknown marker “${part.trim()}”`);
    }
  }
  return { text: line.slice(0, match.index).trimEnd(), marker, problems };
}

/** A spoiler marker is written only when the level is not the default of an import without markers. */
export const levelMarker = (spoiler: SpoilerLevel) => (spoiler === DEFAULT_ITEM_LEVEL ? undefined : spoiler);

/** The marker of the line that names an item: its level and id, each only where an import without them would differ. */
export function itemMarker(item: { id: string; spoiler: SpoilerLevel }, positional: string): string {
  return formatMarker({ spoiler: levelMarker(item.spoiler), id: item.id === positional ? undefined : item.id });
}

/** "- 🎯 Label": a tag line (characters, setting). */
export function tagLine(tag: { emoji: string; label: string }): string {
  return tag.emoji ? `- ${tag.emoji} ${oneLine(tag.label)}` : `- ${oneLine(tag.label)}`;
}
