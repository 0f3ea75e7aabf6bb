import type { FilmContent, Tag } from '../content/schema';
import { itemIdSchema } from '../content/schema';
import { looseText, splitMarker, type Marker, type MarkerKey } from './page-text';
import { capitalised } from '../page/page-text';

/** What the section readers of parse-page.ts share: warnings, the line model and small helpers. */

export type PageWarningKind =
  /** A derived line (a count, a list of names) disagrees with the content. */
  | 'count'
  /** A line the parser could not place in the content: skipped. */
  | 'unplaced'
  /** A marker that could not be used. */
  | 'marker'
  /** A heading that is unknown, repeated or names another title. */
  | 'section'
  /** Content that would not be valid (duplicate id, missing title, quiz question without an answer…). */
  | 'invalid'
  /** Content the importing user may not add (a quiz, for an editor): left out. */
  | 'skipped';

export type PageWarning = { line: number; message: string; kind: PageWarningKind };

export type Line = { n: number; text: string };

/** State shared by the section readers. */
export type Context = {
  title: string;
  warnings: PageWarning[];
  /** Derived-line checks, run once the whole page is read and validated. */
  checks: Array<(content: FilmContent) => void>;
  /** The line each parsed object came from, to name it in a later warning. */
  lineOf: WeakMap<object, number>;
  /** The heading line of each section, for warnings about a whole field. */
  sectionLine: Map<string, number>;
};

/** The page as read so far, before validation: every section fills in its own keys. */
export type Draft = FilmContent;

export function warn(ctx: Context, line: number, kind: PageWarningKind, message: string) {
  ctx.warnings.push({ line, kind, message });
}

export const quoted = (text: string) => `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;

export function unplaced(ctx: Context, line: Line, where: string) {
  warn(ctx, line.n, 'unplaced', `Not understood in the ${where}, skipped: ${quoted(line.text)}`);
}

export const joinParagraphs = (lines: string[]) => lines.join('\n\n');
export const numberIn = (text: string) => Number(text.replace(/,/gu, ''));
export const isDashLine = (text: string) => /^-(\s|$)/u.test(text);
export const afterDash = (text: string) => text.replace(/^-\s*/u, '');

/** A derived number on the page disagrees with the one counted from the content. */
export function checkCount(ctx: Context, line: Line, what: string, claimed: number, actual: number) {
  if (claimed !== actual) warn(ctx, line.n, 'count', `${capitalised(what)}: the page says ${claimed}, the content has ${actual}`);
}

/** A derived phrase (names, first and last event…) disagrees with the content. */
export function checkPhrase(ctx: Context, line: Line, what: string, written: string, expected: string) {
  if (looseText(written) !== looseText(expected)) {
    warn(ctx, line.n, 'count', `${capitalised(what)}: the page says “${written}”, from the content it reads “${expected}”`);
  }
}

/** Splits off a line's marker, reporting keys that don't belong there and values that can't be used. */
export function readMarker(ctx: Context, line: Line, text: string, allowed: MarkerKey[]): { text: string; marker: Marker } {
  const { text: rest, marker, problems } = splitMarker(text);
  for (const problem of problems) warn(ctx, line.n, 'marker', problem);
  for (const key of Object.keys(marker) as MarkerKey[]) {
    if (!allowed.includes(key)) {
      warn(ctx, line.n, 'marker', `A “${key}” marker is not used on this line`);
      delete marker[key];
    }
  }
  return { text: rest, marker };
}

export type Pending<T> = { item: T; explicitId?: string; line: number };

/**
 * Gives each item its marker id or its positional one, keeping ids unique (a repeated id is
 * reported and replaced) so the page always validates.
 */
export function assignIds<T extends { id: string }>(ctx: Context, pending: Pending<T>[], idAt: (index: number) => string): T[] {
  const used = new Set<string>();
  return pending.map(({ item, explicitId, line }, index) => {
    let id = explicitId ?? idAt(index);
    if (explicitId !== undefined && (!itemIdSchema.safeParse(explicitId).success || used.has(explicitId))) {
      const why = used.has(explicitId) ? 'is used twice' : 'is not a valid id';
      id = idAt(index);
      warn(ctx, line, 'marker', `The id “${explicitId}” ${why}; using “${id}”`);
    }
    for (let extra = 2; used.has(id); extra += 1) id = `${idAt(index)}-${extra}`;
    used.add(id);
    item.id = id;
    ctx.lineOf.set(item, line);
    return item;
  });
}

/** "- 🎯 Teen athlete": a first token without a letter or digit is the emoji. */
export function readTag(ctx: Context, line: Line): Tag {
  const text = afterDash(line.text);
  const [first, ...rest] = text.split(/\s+/u);
  const tag = rest.length > 0 && !/[\p{L}\p{N}]/u.test(first) ? { emoji: first, label: rest.join(' ') } : { emoji: '', label: text };
  ctx.lineOf.set(tag, line.n);
  return tag;
}
