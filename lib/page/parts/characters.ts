import { z } from 'zod';
import {
  MAX_SHORT,
  MAX_TEXT,
  itemIdSchema,
  personRefSchema,
  requiredText,
  spoiler,
  tagSchema,
  trimmed,
  type PersonRef,
  type Tag,
} from '../../content/fields';
import { castOf, plural } from '../../content/derive';
import type { SpoilerLevel } from '../../spoilers/levels';
import { quote } from '../diff-spec';
import { itemsNamedIn } from '../lede';
import { defineListPart } from '../list-part';
import { allHidden, bodyLines, joinAnd, oneLine, tagLabels } from '../page-text';
import { atLevelInOrder, visibleAt } from '../spoiler-filter';

export const characterSchema = z.object({
  id: itemIdSchema,
  name: requiredText(MAX_SHORT, 'Name'),
  playedBy: personRefSchema.nullable().default(null),
  description: trimmed(MAX_TEXT).default(''),
  tags: z.array(tagSchema).max(20).default([]),
  spoiler,
});

export type Character = z.output<typeof characterSchema>;
type CharacterRow = Omit<Character, 'id' | 'playedBy' | 'tags'> & { itemId: string; tags: unknown; person: PersonRef | null };

type Characters = { characters: Character[] };

const characters = defineListPart({
  id: 'characters',
  label: 'Characters',
  key: 'characters',
  heading: (title) => `Who Are the Main Characters in ${title}?`,
  item: characterSchema,
  max: 200,
  nouns: ['character', 'characters'],
  storyKind: 'character',
  titleField: 'name',
  fields: [
    { field: 'name', label: 'name', kind: 'text' },
    { field: 'playedBy', label: 'played by', kind: 'person' },
    { field: 'description', label: 'description', kind: 'long' },
    { field: 'tags', label: 'tags', kind: 'tags' },
  ],
  name: (item) => `character ${String(item.name)}`,
  itemLabel: (item) => `Character${quote(item.name)}`,
  lede: {
    label: 'The characters’ summary line',
    text: (film: Parameters<typeof charactersLineAt>[0]) => charactersLineAt(film),
    names: (film: Characters, content: Characters, line: string) =>
      itemsNamedIn(line, 'characters', film.characters, content.characters, (c) => c.name),
  },
  table: 'character',
  search: {
    kind: 'character',
    label: 'Character',
    named: true,
    termsFromTitle: true,
    document: (ch) => ({
      title: ch.name,
      body: bodyLines(ch.playedBy ? `Played by ${ch.playedBy.name}` : '', ch.description, tagLabels(ch.tags)),
    }),
  },
  editor: { description: 'Who is who, and who plays them. Each profile links to the actor’s page.', fallback: 'Unnamed character' },
});

const slice = (shown: Character[], total: number) => ({
  characters: shown,
  charactersTotal: total,
  hidden: { characters: total - shown.length },
});

/**
 * "Who Are the Main Characters in {title}?": ordered, each played by a person with a page of their
 * own. Its reader slice and rows are its own: characters are not numbered, the actor is a row of
 * Person (`personId`, read back through the relation), and the slice adds the cast.
 */
export const charactersPart = {
  ...characters,
  reader: {
    ...characters.reader,
    shape: {
      characters: z.array(characterSchema),
      charactersTotal: z.int(),
      /** People who play the visible characters: their names link to their pages. */
      cast: z.array(personRefSchema),
    },
    visible: (c: Characters, level: SpoilerLevel) => {
      const shown = visibleAt(c.characters, level);
      return { ...slice(shown, c.characters.length), cast: castOf(shown) };
    },
    select: (level: SpoilerLevel) => ({
      fields: {
        characters: {
          ...atLevelInOrder(level),
          select: {
            itemId: true,
            name: true,
            description: true,
            tags: true,
            spoiler: true,
            person: { select: { name: true, slug: true } },
          },
        },
      },
      counts: { characters: true },
    }),
    read: (row: { characters: CharacterRow[]; _count: { characters: number } }) => {
      const shown = row.characters.map(({ itemId, person, tags, ...c }) => ({ id: itemId, playedBy: person, tags: tags as Tag[], ...c }));
      return { ...slice(shown, row._count.characters), cast: castOf(shown) };
    },
  },
  storage: {
    rows: (c: Characters, { filmId, personId }: { filmId: string; personId: (slug: string) => string }) =>
      [
        [
          'character',
          c.characters.map(({ id, playedBy, tags, ...character }, position) => ({
            filmId,
            itemId: id,
            position,
            personId: playedBy ? personId(playedBy.slug) : null,
            tags: tags as never,
            ...character,
          })),
        ],
      ] as const,
    // Names are not spoilers: an actor has a page whatever the level of the parts they play.
    people: {
      order: 0,
      table: 'character',
      relation: 'characters',
      of: (c: Characters) => castOf(c.characters).map((person) => ({ person, role: 'cast member' })),
    },
  },
};

export function characterWithActor(character: Pick<Character, 'name' | 'playedBy'>): string {
  const name = oneLine(character.name);
  return character.playedBy ? `${name} (${oneLine(character.playedBy.name)})` : name;
}

export function charactersAmongThem(characters: Pick<Character, 'name' | 'playedBy'>[]): string {
  return joinAnd(characters.slice(0, 3).map(characterWithActor));
}

export function charactersLine(characters: Pick<Character, 'name' | 'playedBy'>[]): string {
  if (characters.length === 0) return '0 characters.';
  return charactersAmong(characters.length, characters);
}

/** "7 characters, among them …: who each one is …", saying profiles link to actors only when each shown one has one. */
function charactersAmong(total: number, shown: Pick<Character, 'name' | 'playedBy'>[]): string {
  const linked = shown.every((character) => character.playedBy) ? ' Every profile links to the actor’s page.' : '';
  return `${plural(total, 'character')}, among them ${charactersAmongThem(shown)}: who each one is and the part they play in the story.${linked}`;
}

/** The characters' line at a reader's level: counts all, names only the visible. */
export function charactersLineAt(film: {
  characters: Pick<Character, 'name' | 'playedBy'>[];
  charactersTotal: number;
  upto?: unknown;
}): string {
  const { characters, charactersTotal } = film;
  if (characters.length === charactersTotal) return charactersLine(characters);
  if (characters.length === 0) return `${plural(charactersTotal, 'character')}, ${allHidden(charactersTotal, film)}.`;
  return charactersAmong(charactersTotal, characters);
}
