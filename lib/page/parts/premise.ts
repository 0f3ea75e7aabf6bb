import { z } from 'zod';
import { MAX_TEXT, trimmed } from '../../content/fields';
import { countWords, plural } from '../../content/derive';
import { pageField } from '../diff-spec';
import { definePart } from '../part';

/** "What Is {title} About?": one text, spoiler-free by definition (docs/product.md). */
export const premisePart = definePart({
  id: 'premise',
  label: 'Premise',
  keys: ['premise'],
  storyTexts: {
    spoilerFree: (c: { premise: string }) => [{ field: 'premise', text: c.premise }],
    shown: { path: 'premise', label: 'The premise (and the meta description made from it)', text: (c: { premise: string }) => c.premise },
  },
  heading: (title) => `What Is ${title} About?`,
  schema: { premise: trimmed(MAX_TEXT).default('') },
  spoiler: { fixed: 'none' },
  diff: {
    fields: [pageField('premise', 'Premise', 'long', () => 'none')],
  },
  reader: {
    shape: { premise: z.string(), premiseWords: z.int() },
    hidden: {},
    visible: (c: { premise: string }) => ({ premise: c.premise, premiseWords: countWords(c.premise), hidden: {} }),
    select: () => ({ fields: { premise: true, premiseWords: true } }),
    read: (row: { premise: string; premiseWords: number }) => ({ premise: row.premise, premiseWords: row.premiseWords, hidden: {} }),
  },
  storage: { columns: (c: { premise: string }) => ({ premise: c.premise, premiseWords: countWords(c.premise) }) },
  search: {
    kinds: { film: { label: 'Film', anchor: 'film', named: true, termsFromTitle: true } },
    // The film itself: found by its title and premise at every level.
    documents: (c: { title: string; premise: string }) => [
      { kind: 'film', itemId: '', position: 0, level: 'none', title: c.title, body: c.premise },
    ],
  },
});

/** The premise's line; on a reader page, only when there is a premise, and naming the story only when one follows. */
export function premiseLine(title: string, premise: string, { storyFollows = true } = {}): string {
  const line = `The premise of ${title} in ${plural(countWords(premise), 'word')}, with nothing given away.`;
  return storyFollows ? `${line} The full story follows below.` : line;
}
