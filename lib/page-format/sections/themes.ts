import type { FilmContent } from '../../content/schema';
import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { oneLine } from '../../page/page-text';
import { themesAmongThem, themesLine, type Theme } from '../../page/parts/themes';
import { itemMarker, paragraphLines, positionalId, type Marker } from '../page-text';
import { assignIds, checkCount, checkPhrase, joinParagraphs, readMarker, unplaced, warn } from '../parse-context';
import type { Context, Line, Pending } from '../parse-context';
import type { PageFormatSection } from '../section';

/** "What Are the Themes of {title}?": the derived line, then per theme "-", "01", its title (with its marker), description lines. */

const THEMES_LINE = /^(\d+) ideas?\b/iu;
const THEME_NUMBER = /^\d{1,3}$/u;

type ThemeDraft = { start: Line; number?: Line; title?: Line & { marker: Marker }; description: string[] };

export const themesSection = {
  format: ({ themes }: { themes: Theme[] }) => [
    themesLine(themes),
    ...themes.flatMap((theme, index) => [
      '-',
      String(index + 1).padStart(2, '0'),
      `${oneLine(theme.title)}${itemMarker(theme, positionalId.theme(index))}`,
      ...paragraphLines(theme.description),
    ]),
  ],
  parse: (body: Line[], ctx: Context) => {
    const drafts: ThemeDraft[] = [];
    body.forEach((line, index) => {
      const current = drafts[drafts.length - 1];
      if (index === 0 && THEMES_LINE.test(line.text)) {
        ctx.checks.push((content) => checkThemesLine(ctx, line, content));
        return;
      }
      if (line.text === '-') {
        drafts.push({ start: line, description: [] });
        return;
      }
      if (THEME_NUMBER.test(line.text) && (!current || current.title || !current.number)) {
        if (current && !current.title && !current.number) current.number = line;
        else drafts.push({ start: line, number: line, description: [] });
        return;
      }
      if (!current) return unplaced(ctx, line, 'themes');
      if (!current.title) current.title = { ...line, ...readMarker(ctx, line, line.text, ['spoiler', 'id']) };
      else current.description.push(line.text);
    });
    const pending = drafts.map((draft, index) => toTheme(ctx, draft, index));
    return { themes: assignIds(ctx, pending, positionalId.theme) };
  },
  removable: [{ path: ['themes'], what: 'theme' }],
} satisfies PageFormatSection;

function toTheme(ctx: Context, draft: ThemeDraft, index: number): Pending<Theme> {
  if (draft.number && Number(draft.number.text) !== index + 1) {
    warn(ctx, draft.number.n, 'count', `This theme is numbered ${draft.number.text} but is theme ${index + 1}`);
  }
  if (!draft.title) warn(ctx, draft.start.n, 'invalid', `Theme ${index + 1} has no title; called “Untitled theme”`);
  const item: Theme = {
    id: '',
    title: draft.title?.text || 'Untitled theme',
    description: joinParagraphs(draft.description),
    spoiler: draft.title?.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.title?.marker.id, line: draft.title?.n ?? draft.start.n };
}

function checkThemesLine(ctx: Context, line: Line, content: FilmContent) {
  checkCount(ctx, line, 'themes', Number(THEMES_LINE.exec(line.text)![1]), content.themes.length);
  const among = /among them (.+)\.$/iu.exec(line.text);
  if (among) checkPhrase(ctx, line, 'the first themes', among[1], themesAmongThem(content.themes));
}
