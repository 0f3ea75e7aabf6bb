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
  uniqueIds,
  type PersonRef,
  type Tag,
} from '../../content/fields';
import { castOf, plural } from '../../content/derive';
import { levelField, quote, type Item } from '../diff-spec';
import { itemsNamedIn } from '../lede';
import { definePart } from '../part';
import { bodyLines, joinAnd, oneLine, tagLabels } from '../page-text';
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

/** "Who Are the Main Characters in {title}?": ordered, each played by a person with a page of their own. */
export const charactersPart = definePart({
  id: 'characters',
  label: 'Characters',
  keys: ['characters'],
  heading: (title) => `Who Are the Main Characters in ${title}?`,
  schema: { characters: z.array(characterSchema).max(200).default([]) },
  refine: (c: { characters: Character[] }, ctx) => uniqueIds(c.characters, ['characters'], ctx),
  spoiler: 'per-item',
  counts: [{ key: 'characters', nouns: ['character', 'characters'], items: (c: { characters: Character[] }) => c.characters }],
  lede: {
    label: 'The characters’ summary line',
    text: (film: Parameters<typeof charactersLineAt>[0]) => charactersLineAt(film),
    names: (film: { characters: Character[] }, content: { characters: Character[] }, line: string) =>
      itemsNamedIn(line, 'characters', film.characters, content.characters, (c) => c.name),
  },
  diff: {
    lists: [
      {
        key: 'characters',
        storyKind: 'character',
        noun: 'character',
        nouns: 'characters',
        get: (c) => c.characters as Item[],
        set: (c, items) => void (c.characters = items),
        name: (item) => `character ${String(item.name)}`,
        label: (item) => `Character${quote(item.name)}`,
        title: (item) => String(item.name ?? ''),
        fields: [
          { field: 'name', label: 'name', kind: 'text' },
          { field: 'playedBy', label: 'played by', kind: 'person' },
          { field: 'description', label: 'description', kind: 'long' },
          { field: 'tags', label: 'tags', kind: 'tags' },
          levelField,
        ],
      },
    ],
  },
  reader: {
    shape: {
      characters: z.array(characterSchema),
      charactersTotal: z.int(),
      /** People who play the visible characters: their names link to their pages. */
      cast: z.array(personRefSchema),
    },
    hidden: { characters: z.int() },
    visible: (c: { characters: Character[] }, level) => {
      const characters = visibleAt(c.characters, level);
      return {
        characters,
        charactersTotal: c.characters.length,
        cast: castOf(characters),
        hidden: { characters: c.characters.length - characters.length },
      };
    },
    select: (level) => ({
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
      const characters = row.characters.map(({ itemId, person, tags, ...c }) => ({
        id: itemId,
        playedBy: person,
        tags: tags as Tag[],
        ...c,
      }));
      return {
        characters,
        charactersTotal: row._count.characters,
        cast: castOf(characters),
        hidden: { characters: row._count.characters - row.characters.length },
      };
    },
  },
  storage: {
    rows: (c: { characters: Character[] }, { filmId, personId }) => [
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
    ],
    // Names are not spoilers: an actor has a page whatever the level of the parts they play.
    people: {
      order: 0,
      table: 'character',
      relation: 'characters',
      of: (c: { characters: Character[] }) => castOf(c.characters).map((person) => ({ person, role: 'cast member' })),
    },
  },
  search: {
    kinds: { character: { label: 'Character', anchor: 'item', named: true, termsFromTitle: true } },
    documents: (c: { characters: Character[] }) =>
      c.characters.map((ch, position) => ({
        kind: 'character',
        itemId: ch.id,
        position,
        level: ch.spoiler,
        title: ch.name,
        body: bodyLines(ch.playedBy ? `Played by ${ch.playedBy.name}` : '', ch.description, tagLabels(ch.tags)),
      })),
  },
});

export function characterWithActor(character: Pick<Character, 'name' | 'playedBy'>): string {
  const name = oneLine(character.name);
  return character.playedBy ? `${name} (${oneLine(character.playedBy.name)})` : name;
}

export function charactersAmongThem(characters: Pick<Character, 'name' | 'playedBy'>[]): string {
  return joinAnd(characters.slice(0, 3).map(characterWithActor));
}

export function charactersLine(characters: Pick<Character, 'name' | 'playedBy'>[]): string {
  if (characters.length === 0) return '0 characters.';
  return (
    `${plural(characters.length, 'character')}, among them ${charactersAmongThem(characters)}: ` +
    'who each one is and the part they play in the story. Every profile links to the actor’s page.'
  );
}

/** The characters' line at a reader's level: counts all, names only the visible. */
export function charactersLineAt(film: { characters: Pick<Character, 'name' | 'playedBy'>[]; charactersTotal: number }): string {
  const { characters, charactersTotal } = film;
  if (characters.length === charactersTotal) return charactersLine(characters);
  if (characters.length === 0) return `${plural(charactersTotal, 'character')}, all of them hidden at this spoiler level.`;
  return (
    `${plural(charactersTotal, 'character')}, among them ${charactersAmongThem(characters)}: ` +
    'who each one is and the part they play in the story. Every profile links to the actor’s page.'
  );
}
