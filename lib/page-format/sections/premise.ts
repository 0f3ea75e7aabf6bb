import { slugSchema, slugify } from '../../content/fields';
import { countWords } from '../../content/derive';
import { premiseLine } from '../../page/parts/premise';
import { paragraphLines } from '../page-text';
import { checkCount, joinParagraphs, numberIn, warn, type Context, type Line } from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * "What Is {title} About?": the film's own fields as markers ("Released: 2017", "Slug: …" when
 * the slug is not slugify(title)), the derived word count, then the premise's paragraphs.
 */

type FilmAndPremise = { title: string; slug: string; releaseYear: number | null; premise: string };

const PREMISE_LINE = /^The premise of .+ in ([\d,]+) words?\b/iu;

export const premiseSection = {
  format: (content: FilmAndPremise) => [
    ...(content.releaseYear !== null ? [`Released: ${content.releaseYear}`] : []),
    ...(content.slug !== slugify(content.title) ? [`Slug: ${content.slug}`] : []),
    premiseLine(content.title, content.premise),
    ...paragraphLines(content.premise),
  ],
  parse: (body: Line[], ctx: Context) => {
    const paragraphs: string[] = [];
    const result: { releaseYear?: number; slug?: string } = {};
    for (const line of body) {
      if (paragraphs.length === 0 && readPremiseLead(line, ctx, result)) continue;
      paragraphs.push(line.text);
    }
    return { ...result, premise: joinParagraphs(paragraphs) };
  },
} satisfies PageFormatSection;

/** The lines above the premise text: release year, slug, the derived word count. */
function readPremiseLead(line: Line, ctx: Context, result: { releaseYear?: number; slug?: string }): boolean {
  const released = /^Released:\s*(.*)$/iu.exec(line.text);
  if (released) {
    const year = Number(released[1]);
    if (/^\d{4}$/u.test(released[1]) && year >= 1870 && year <= 2100) result.releaseYear = year;
    else warn(ctx, line.n, 'marker', `“${released[1]}” is not a release year (1870–2100); left out`);
    return true;
  }
  const slug = /^Slug:\s*(.*)$/iu.exec(line.text);
  if (slug) {
    if (slugSchema.safeParse(slug[1]).success) result.slug = slug[1];
    else warn(ctx, line.n, 'marker', `“${slug[1]}” is not a slug (lowercase letters, digits, single hyphens); using the title’s`);
    return true;
  }
  const derived = PREMISE_LINE.exec(line.text);
  if (derived) {
    ctx.checks.push((content) => checkCount(ctx, line, 'premise words', numberIn(derived[1]), countWords(content.premise)));
    return true;
  }
  return false;
}
