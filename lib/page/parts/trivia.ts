import { z } from 'zod';
import { MAX_SHORT, itemIdSchema, requiredText, spoiler, trimmed } from '../../content/fields';
import { plural } from '../../content/derive';
import { quote } from '../diff-spec';
import { defineListPart } from '../list-part';
import { bodyLines, heldBackAt } from '../page-text';

/** One piece of trivia: what is worth knowing, and where it comes from (optional: an interview, a book, an address). */
export const triviaItemSchema = z.object({
  id: itemIdSchema,
  text: requiredText(2_000, 'Text'),
  source: trimmed(MAX_SHORT).default(''),
  spoiler,
});

export type TriviaItem = z.output<typeof triviaItemSchema>;

/**
 * "Trivia About {title}": ordered facts about the film and its making, each at its own level (a
 * piece about the ending is a spoiler like the ending itself).
 */
export const triviaPart = defineListPart({
  id: 'trivia',
  label: 'Trivia',
  key: 'trivia',
  heading: (title) => `Trivia About ${title}`,
  item: triviaItemSchema,
  max: 100,
  nouns: ['trivia item', 'trivia items'],
  storyKind: 'trivia',
  titleField: 'text',
  fields: [
    {
      field: 'text',
      label: 'text',
      kind: 'long',
      input: { label: 'Text', placeholder: 'e.g. The rink scenes were shot before opening hours.', rows: 3 },
    },
    {
      field: 'source',
      label: 'source',
      kind: 'text',
      input: { label: 'Source', placeholder: 'e.g. an interview with the director, or an address' },
    },
  ],
  name: (_item, n) => `trivia item ${n}`,
  itemLabel: (item, n) =>
    `Trivia ${n}${quote(typeof item.text === 'string' && item.text.length > 60 ? `${item.text.slice(0, 59)}…` : item.text)}`,
  number: (n) => String(n),
  table: 'triviaItem',
  search: {
    kind: 'trivia',
    label: 'Trivia',
    named: false,
    document: (item) => ({ title: 'Trivia', body: bodyLines(item.text, item.source && `Source: ${item.source}`) }),
  },
  editor: {
    description:
      'Things worth knowing about the film and its making, shown in this order. A piece about the ending is a spoiler like the ending.',
    fallback: 'New trivia item',
  },
});

/** "3 pieces of trivia about Kiss and Cry, from the making of the film to the people in it." */
export function triviaLine(title: string, trivia: unknown[]): string {
  return `${plural(trivia.length, 'piece', 'pieces')} of trivia about ${title}.`;
}

/** The line at a reader's level: counts them all, says how many are shown. */
export function triviaLineAt(film: { title: string; trivia: unknown[]; triviaTotal: number; upto?: unknown }): string {
  if (film.trivia.length === film.triviaTotal) return triviaLine(film.title, film.trivia);
  const shown = film.trivia.length > 0 ? `${film.trivia.length} shown` : film.triviaTotal === 1 ? 'not shown' : 'none of them shown';
  return `${plural(film.triviaTotal, 'piece', 'pieces')} of trivia about ${film.title}, ${shown} ${heldBackAt(film)}.`;
}
