/**
 * Reads a page in the page format (see format-page.ts) into film content. Lenient: whatever it
 * cannot place is reported as a warning with its line number, derived lines are checked against
 * the counting rules, and the result always passes filmContentSchema.
 */
import { emptyFilmContent, type FilmContent } from '../content/schema';
import type { HeadedSectionId } from '../page/parts';
import { looseText, matchHeading } from './page-text';
import { quoted, warn, type Context, type Draft, type Line, type PageWarning } from './parse-context';
import { validate } from './parse-repair';
import { PAGE_FORMAT_SECTIONS } from './sections';

export type { PageWarning, PageWarningKind } from './parse-context';

/** `sectionLines`: the heading line of each section the page has (by HeadedSectionId). */
export type ParsedPage = { content: FilmContent; warnings: PageWarning[]; sectionLines: Partial<Record<HeadedSectionId, number>> };

/** Thrown when a page cannot be imported at all: not even a title was found. */
export class PageFormatError extends Error {
  constructor(readonly errors: PageWarning[]) {
    super(errors.map((error) => `line ${error.line}: ${error.message}`).join('; '));
    this.name = 'PageFormatError';
  }
}

type Section = { key: HeadedSectionId; heading: Line; body: Line[] };

const MAX_TITLE = 300;

/** Reads a page; throws PageFormatError only when no title can be found (importText never throws). */
export function parsePage(text: string): ParsedPage {
  const lines = toLines(text);
  const title = findTitle(lines);
  if (!title || title.text.length > MAX_TITLE) {
    const message = title
      ? `The title “${title.text.slice(0, 40)}…” is longer than ${MAX_TITLE} characters`
      : 'No title found: the page needs a heading such as “What Is {title} About?”';
    throw new PageFormatError([{ line: title?.line ?? 1, message, kind: 'invalid' }]);
  }

  const ctx: Context = { title: title.text, warnings: [], checks: [], lineOf: new WeakMap(), sectionLine: new Map() };
  const sections = splitSections(lines, ctx);
  const draft = readSections(sections, ctx);
  const content = validate(draft, ctx);
  for (const check of ctx.checks) check(content);
  ctx.warnings.sort((a, b) => a.line - b.line);
  return { content, warnings: ctx.warnings, sectionLines: Object.fromEntries(ctx.sectionLine) };
}

// ---------------------------------------------------------------------------------------------
// Lines and sections

function toLines(text: string): Line[] {
  return text
    .replace(/^\uFEFF/u, '')
    .split(/\r\n|\r|\n/u)
    .map((raw, index) => ({ n: index + 1, text: raw.trim() }))
    .filter((line) => line.text !== '');
}

function findTitle(lines: Line[]): { text: string; line: number } | null {
  for (const line of lines) {
    const title = matchHeading(line.text)?.title;
    if (title) return { text: title, line: line.n };
  }
  return null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * A heading we don't know, in the style of the known ones: a short question naming the film
 * ("Where Can I Watch {title}?"). Kept narrow on purpose: a false match would cut a section short.
 */
function looksLikeUnknownHeading(text: string, title: string): boolean {
  if (text.length > 100) return false;
  const namesTitle = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(title)}($|[^\\p{L}\\p{N}])`, 'u').test(text);
  return namesTitle && /^(What|Who|Where|When|Why|How|Which|Is|Are|Does|Do|Did|Can|Should|Will)\b.*\?$/u.test(text);
}

function splitSections(lines: Line[], ctx: Context): Section[] {
  const sections: Section[] = [];
  const seen = new Set<HeadedSectionId>();
  let current: { body: Line[] } | null = null;
  let skipped: { heading: Line; body: Line[] } | null = null;
  const finishSkipped = () => {
    if (!skipped) return;
    const { heading, body } = skipped;
    warn(ctx, heading.n, 'section', `Unknown or repeated section ${quoted(heading.text)}${skippedLines(body)}`);
    skipped = null;
  };

  for (const line of lines) {
    const match = matchHeading(line.text);
    if (match || looksLikeUnknownHeading(line.text, ctx.title)) {
      finishSkipped();
      if (match && !seen.has(match.section)) {
        if (match.title !== null && looseText(match.title) !== looseText(ctx.title)) {
          warn(ctx, line.n, 'section', `This heading names “${match.title}”; the page is about “${ctx.title}”`);
        }
        seen.add(match.section);
        const section: Section = { key: match.section, heading: line, body: [] };
        ctx.sectionLine.set(match.section, line.n);
        sections.push(section);
        current = section;
      } else {
        skipped = { heading: line, body: [] };
        current = skipped;
      }
      continue;
    }
    if (current) current.body.push(line);
    else warn(ctx, line.n, 'unplaced', `Text before the first section, skipped: ${quoted(line.text)}`);
  }
  finishSkipped();
  return sections;
}

function skippedLines(body: Line[]): string {
  if (body.length === 0) return '';
  if (body.length === 1) return `; its line ${body[0].n} was skipped`;
  return `; its ${body.length} lines (${body[0].n}–${body[body.length - 1].n}) were skipped`;
}

/** Each section's lines read by its part's section (lib/page-format/sections), over an empty page. */
function readSections(sections: Section[], ctx: Context): Draft {
  const draft: Draft = emptyFilmContent(ctx.title);
  for (const { key, body } of sections) Object.assign(draft, PAGE_FORMAT_SECTIONS[key].parse(body, ctx));
  return draft;
}
