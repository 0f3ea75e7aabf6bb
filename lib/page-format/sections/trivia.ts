import type { FilmContent } from '../../content/schema';
import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { triviaLine, type TriviaItem } from '../../page/parts/trivia';
import { itemMarker, paragraphLines, type Marker } from '../page-text';
import {
  afterDash,
  assignIds,
  checkCount,
  isDashLine,
  joinParagraphs,
  readMarker,
  unplaced,
  type Context,
  type Line,
  type Pending,
} from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * "Trivia About {title}": the derived line, then per item "- " and its first paragraph (with its
 * marker), its other paragraphs, and "Source: …" when it names one. Ids by position: tr1, tr2…
 * Written only when the page has trivia, so pages without it read as before it existed.
 *
 *   Trivia About Kiss and Cry
 *   2 pieces of trivia about Kiss and Cry.
 *   - The skating scenes were shot on a working rink. [spoiler: none]
 *   Source: the director, in an interview
 */

const TRIVIA_LINE = /^(\d+) pieces? of trivia\b/iu;
const SOURCE_LINE = /^Source:\s*(.*)$/iu;
const positionalId = (index: number) => `tr${index + 1}`;

type ItemDraft = { line: Line & { marker: Marker }; paragraphs: string[]; source: string; closed: boolean };

export const triviaSection = {
  format: ({ title, trivia }: { title: string; trivia: TriviaItem[] }) =>
    trivia.length === 0
      ? null
      : [
          triviaLine(title, trivia),
          ...trivia.flatMap((item, index) => {
            const [first = '', ...rest] = paragraphLines(item.text);
            return [
              `- ${first}${itemMarker(item, positionalId(index))}`,
              ...rest,
              ...(item.source ? [`Source: ${item.source.replace(/\s+/gu, ' ')}`] : []),
            ];
          }),
        ],
  parse: (body: Line[], ctx: Context) => {
    const drafts: ItemDraft[] = [];
    body.forEach((line, index) => {
      const current = drafts[drafts.length - 1];
      if (index === 0 && TRIVIA_LINE.test(line.text)) {
        ctx.checks.push((content) => checkTriviaLine(ctx, line, content));
        return;
      }
      if (isDashLine(line.text)) {
        drafts.push({
          line: { ...line, ...readMarker(ctx, line, afterDash(line.text), ['spoiler', 'id']) },
          paragraphs: [],
          source: '',
          closed: false,
        });
        return;
      }
      if (!current || current.closed) return unplaced(ctx, line, 'trivia');
      const source = SOURCE_LINE.exec(line.text);
      if (source) {
        current.source = source[1];
        current.closed = true;
        return;
      }
      current.paragraphs.push(line.text);
    });
    const pending = drafts.map((draft): Pending<TriviaItem> => ({
      item: {
        id: '',
        text: joinParagraphs([draft.line.text, ...draft.paragraphs].filter(Boolean)),
        source: draft.source,
        spoiler: draft.line.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
      },
      explicitId: draft.line.marker.id,
      line: draft.line.n,
    }));
    return { trivia: assignIds(ctx, pending, positionalId) };
  },
  removable: [{ path: ['trivia'], what: 'trivia item' }],
} satisfies PageFormatSection;

function checkTriviaLine(ctx: Context, line: Line, content: FilmContent) {
  checkCount(ctx, line, 'trivia items', Number(TRIVIA_LINE.exec(line.text)![1]), content.trivia.length);
}
