import { z } from 'zod';
import { MAX_TEXT, trimmed } from '../../content/fields';
import { castOf, countWords, peopleNamedIn, plural, readingMinutes } from '../../content/derive';
import { isVisibleAt } from '../../spoilers/levels';
import { pageField } from '../diff-spec';
import { definePart, type SpoilerRule } from '../part';
import type { Character } from './characters';

/** The full story gives everything away: always level full, whatever an editor sets (docs/product.md). */
const rule = { fixed: 'full' } as const satisfies SpoilerRule;
const shown = (level: Parameters<typeof isVisibleAt>[1]) => isVisibleAt(rule.fixed, level);

type StoryContent = { title: string; story: string; characters: Pick<Character, 'playedBy'>[] };

/** "What Happens in {title}?": paragraphs, a paragraph starting with "> " a quoted line. */
export const storyPart = definePart({
  id: 'story',
  label: 'Full story',
  keys: ['story'],
  storyTexts: { story: (c: { story: string }) => c.story },
  heading: (title) => `What Happens in ${title}?`,
  schema: { story: trimmed(MAX_TEXT * 2).default('') },
  spoiler: rule,
  counts: [
    {
      key: 'story',
      nouns: ['full story', 'full stories'],
      whole: 'the full story',
      items: (c: { story: string }) => (c.story !== '' ? [{ spoiler: rule.fixed }] : []),
    },
  ],
  diff: {
    fields: [pageField('story', 'Full story', 'long', () => rule.fixed)],
  },
  reader: {
    shape: {
      story: z.string().nullable().meta({ description: 'The full story (level full); null below it' }),
      /** Word counts are not spoilers: shown even when the story is hidden. */
      storyWords: z.int(),
    },
    hidden: { story: z.boolean() },
    visible: (c: { story: string }, level) => ({
      story: shown(level) ? c.story : null,
      storyWords: countWords(c.story),
      hidden: { story: !shown(level) && c.story !== '' },
    }),
    select: (level) => ({ fields: { story: shown(level), storyWords: true } }),
    read: (row: { story?: string; storyWords: number }, level) => ({
      story: shown(level) ? (row.story ?? '') : null,
      storyWords: row.storyWords,
      hidden: { story: !shown(level) && row.storyWords > 0 },
    }),
    // No "in 0 words": a page without a story has no story section.
    listed: (film: { storyWords: number }) => film.storyWords > 0,
  },
  storage: {
    columns: (c: StoryContent) => ({ story: c.story, storyWords: countWords(c.story), storyCastCount: castNamedInStory(c) }),
  },
  search: {
    kinds: { story: { label: 'Full story', anchor: 'section', named: false } },
    documents: (c: { story: string }) =>
      c.story ? [{ kind: 'story', itemId: '', position: 0, level: rule.fixed, title: 'The full story', body: c.story }] : [],
  },
});

export const SPOILERS_AHEAD = 'Spoilers ahead';

export function castNamedInStory(content: Pick<StoryContent, 'story' | 'characters'>): number {
  return peopleNamedIn(content.story, castOf(content.characters)).length;
}

export function storyLine(content: StoryContent): string {
  const words = countWords(content.story);
  const linked = castNamedInStory(content);
  const links = linked > 0 ? ` Names in the text link to ${plural(linked, 'cast member page')}.` : '';
  return (
    `The complete story of ${content.title}, from the first scene to the last, in ${plural(words, 'word')} ` +
    `(about ${plural(readingMinutes(words), 'minute')}). Spoilers throughout.${links}`
  );
}

/** The story's line at a reader's level: the counts are not spoilers, the story itself is. */
export function storyLineAt(film: {
  title: string;
  story: string | null;
  storyWords: number;
  characters: Pick<Character, 'playedBy'>[];
}): string {
  if (film.story !== null) return storyLine({ title: film.title, story: film.story, characters: film.characters });
  const words = film.storyWords;
  return (
    `The complete story of ${film.title}, from the first scene to the last, in ${plural(words, 'word')} ` +
    `(about ${plural(readingMinutes(words), 'minute')}). It gives everything away, so it is shown with full spoilers only.`
  );
}
