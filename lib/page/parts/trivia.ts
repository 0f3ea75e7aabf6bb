import { z } from 'zod';
import { MAX_SHORT, itemIdSchema, requiredText, spoiler, trimmed, uniqueIds } from '../../content/fields';
import { plural } from '../../content/derive';
import { levelField, quote, type Item } from '../diff-spec';
import { definePart } from '../part';
import { bodyLines } from '../page-text';
import { atLevelInOrder, listRows, numbered, visibleAt } from '../spoiler-filter';

/** One piece of trivia: what is worth knowing, and where it comes from (optional: an interview, a book, an address). */
export const triviaItemSchema = z.object({
  id: itemIdSchema,
  text: requiredText(2_000, 'Text'),
  source: trimmed(MAX_SHORT).default(''),
  spoiler,
});

export type TriviaItem = z.output<typeof triviaItemSchema>;
type TriviaRow = Omit<TriviaItem, 'id'> & { itemId: string; position: number };
type TriviaContent = { trivia: TriviaItem[] };

/**
 * "Trivia About {title}": ordered facts about the film and its making, each at its own level (a
 * piece about the ending is a spoiler like the ending itself).
 */
export const triviaPart = definePart({
  id: 'trivia',
  label: 'Trivia',
  keys: ['trivia'],
  heading: (title) => `Trivia About ${title}`,
  schema: { trivia: z.array(triviaItemSchema).max(100).default([]) },
  refine: (c: TriviaContent, ctx) => uniqueIds(c.trivia, ['trivia'], ctx),
  spoiler: 'per-item',
  counts: [{ key: 'trivia', nouns: ['trivia item', 'trivia items'], items: (c: TriviaContent) => c.trivia }],
  diff: {
    lists: [
      {
        key: 'trivia',
        storyKind: 'trivia',
        noun: 'trivia item',
        nouns: 'trivia items',
        get: (c) => c.trivia as Item[],
        set: (c, items) => void (c.trivia = items),
        name: (_item, n) => `trivia item ${n}`,
        label: (item, n) =>
          `Trivia ${n}${quote(typeof item.text === 'string' && item.text.length > 60 ? `${item.text.slice(0, 59)}…` : item.text)}`,
        title: (item) => String(item.text ?? ''),
        fields: [{ field: 'text', label: 'text', kind: 'long' }, { field: 'source', label: 'source', kind: 'text' }, levelField],
      },
    ],
  },
  reader: {
    shape: { trivia: z.array(triviaItemSchema.extend({ number: z.int().min(1) })), triviaTotal: z.int() },
    hidden: { trivia: z.int() },
    visible: (c: TriviaContent, level) => {
      const trivia = visibleAt(numbered(c.trivia), level);
      return { trivia, triviaTotal: c.trivia.length, hidden: { trivia: c.trivia.length - trivia.length } };
    },
    select: (level) => ({
      fields: { trivia: { ...atLevelInOrder(level), select: { itemId: true, position: true, text: true, source: true, spoiler: true } } },
      counts: { trivia: true },
    }),
    read: (row: { trivia: TriviaRow[]; _count: { trivia: number } }) => ({
      trivia: row.trivia.map(({ itemId, position, ...item }) => ({ id: itemId, number: position + 1, ...item })),
      triviaTotal: row._count.trivia,
      hidden: { trivia: row._count.trivia - row.trivia.length },
    }),
    // A page without trivia has no such section (nor an entry in its contents).
    listed: (film: { triviaTotal: number }) => film.triviaTotal > 0,
  },
  storage: { rows: (c: TriviaContent, { filmId }) => [['triviaItem', listRows(filmId, c.trivia)]] },
  search: {
    kinds: { trivia: { label: 'Trivia', anchor: 'item', named: false } },
    documents: (c: TriviaContent) =>
      c.trivia.map((item, position) => ({
        kind: 'trivia',
        itemId: item.id,
        position,
        level: item.spoiler,
        title: 'Trivia',
        body: bodyLines(item.text, item.source && `Source: ${item.source}`),
      })),
  },
});

/** "3 pieces of trivia about Kiss and Cry, from the making of the film to the people in it." */
export function triviaLine(title: string, trivia: unknown[]): string {
  return `${plural(trivia.length, 'piece', 'pieces')} of trivia about ${title}.`;
}

/** The line at a reader's level: counts them all, says how many are shown. */
export function triviaLineAt(film: { title: string; trivia: unknown[]; triviaTotal: number }): string {
  if (film.trivia.length === film.triviaTotal) return triviaLine(film.title, film.trivia);
  const shown = film.trivia.length === 0 ? 'none of them shown' : `${film.trivia.length} shown`;
  return `${plural(film.triviaTotal, 'piece', 'pieces')} of trivia about ${film.title}, ${shown} at this spoiler level.`;
}
