import type { FilmContent } from '../../content/schema';
import { slugSchema, slugify, type PersonRef, type Tag } from '../../content/fields';
import { initials } from '../../content/derive';
import { DEFAULT_ITEM_LEVEL } from '../../spoilers/levels';
import { oneLine } from '../../page/page-text';
import { charactersAmongThem, charactersLine, type Character } from '../../page/parts/characters';
import { formatMarker, itemMarker, paragraphLines, positionalId, tagLine, type Marker } from '../page-text';
import {
  assignIds,
  checkCount,
  checkPhrase,
  isDashLine,
  joinParagraphs,
  readMarker,
  readTag,
  unplaced,
  warn,
  type Context,
  type Line,
  type Pending,
} from '../parse-context';
import type { PageFormatSection } from '../section';

/**
 * "Who Are the Main Characters in {title}?": the derived line, then per character an avatar line
 * "- SI", "Name (Actor)", "Played by Actor" (a slug marker when not slugify(name)), description
 * lines and tags "- 🎯 Label".
 */

const CHARACTERS_LINE = /^(\d+) characters?\b/iu;
const PLAYED_BY = /^Played by\s+(.+)$/u;

type CharacterDraft = {
  name: Line & { marker: Marker };
  actor?: Line & { marker: Marker };
  description: string[];
  tags: Tag[];
  stage: 'actor' | 'description' | 'tags';
};

export const charactersSection = {
  format: ({ characters }: { characters: Character[] }) => [
    charactersLine(characters),
    ...characters.flatMap((character, index) => characterLines(character, index)),
  ],
  parse: (body: Line[], ctx: Context) => {
    const drafts: CharacterDraft[] = [];
    let expectName = false;
    const startCharacter = (line: Line) => {
      drafts.push({ name: { ...line, ...readMarker(ctx, line, line.text, ['spoiler', 'id']) }, description: [], tags: [], stage: 'actor' });
      expectName = false;
    };

    body.forEach((line, index) => {
      const next = body[index + 1];
      const current = drafts[drafts.length - 1];
      if (index === 0 && CHARACTERS_LINE.test(line.text)) {
        ctx.checks.push((content) => checkCharactersLine(ctx, line, content));
        return;
      }
      if (expectName) return startCharacter(line);
      if (isAvatarLine(line, next)) {
        expectName = true;
        return;
      }
      if (current?.stage === 'actor' && PLAYED_BY.test(line.text)) {
        current.actor = { ...line, ...readMarker(ctx, line, line.text, ['slug']) };
        current.stage = 'description';
        return;
      }
      if (isDashLine(line.text)) {
        if (!current) return unplaced(ctx, line, 'characters');
        current.tags.push(readTag(ctx, line));
        current.stage = 'tags';
        return;
      }
      // A character without an avatar line: a name followed by "Played by", or the very first one.
      if (!current || (current.stage === 'tags' && next && PLAYED_BY.test(next.text))) return startCharacter(line);
      if (current.stage === 'tags') return unplaced(ctx, line, 'characters');
      current.description.push(line.text);
      current.stage = 'description';
    });
    return {
      characters: assignIds(
        ctx,
        drafts.map((draft) => toCharacter(ctx, draft)),
        positionalId.character,
      ),
    };
  },
  // A bad tag is left out on its own, before its character would be.
  removable: [
    { path: ['characters', '#', 'tags'], what: 'tag' },
    { path: ['characters'], what: 'character' },
  ],
} satisfies PageFormatSection;

function characterLines(character: Character, index: number): string[] {
  const avatar = initials(oneLine(character.name));
  const actor = character.playedBy;
  const actorName = actor ? oneLine(actor.name) : '';
  const playedBy = actor
    ? [`Played by ${actorName}${formatMarker({ slug: actor.slug === slugify(actorName) ? undefined : actor.slug })}`]
    : [];
  return [
    avatar ? `- ${avatar}` : '-',
    `${oneLine(character.name)}${actor ? ` (${actorName})` : ''}${itemMarker(character, positionalId.character(index))}`,
    ...playedBy,
    ...paragraphLines(character.description),
    ...character.tags.map(tagLine),
  ];
}

/** "- SI", "- A(", "-": the avatar above a character, told from a tag by the name line after it. */
function isAvatarLine(line: Line, next: Line | undefined): boolean {
  const match = /^-(?:\s+(\S+))?$/u.exec(line.text);
  if (!match || (match[1] !== undefined && [...match[1]].length > 4)) return false;
  return next !== undefined && !isDashLine(next.text);
}

function toCharacter(ctx: Context, draft: CharacterDraft): Pending<Character> {
  const playedBy = draft.actor ? toPerson(ctx, draft.actor) : null;
  const suffix = playedBy ? ` (${playedBy.name})` : '';
  const name = suffix && draft.name.text.endsWith(suffix) ? draft.name.text.slice(0, -suffix.length).trim() : draft.name.text;
  const item: Character = {
    id: '',
    name,
    playedBy,
    description: joinParagraphs(draft.description),
    tags: draft.tags,
    spoiler: draft.name.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.name.marker.id, line: draft.name.n };
}

function toPerson(ctx: Context, actor: Line & { marker: Marker }): PersonRef {
  const name = PLAYED_BY.exec(actor.text)?.[1].trim() ?? '';
  const slug = actor.marker.slug;
  if (slug !== undefined && !slugSchema.safeParse(slug).success) {
    warn(ctx, actor.n, 'marker', `“${slug}” is not a slug (lowercase letters, digits, single hyphens); using the name’s`);
  }
  return { name, slug: slug !== undefined && slugSchema.safeParse(slug).success ? slug : slugify(name) };
}

function checkCharactersLine(ctx: Context, line: Line, content: FilmContent) {
  checkCount(ctx, line, 'characters', Number(CHARACTERS_LINE.exec(line.text)![1]), content.characters.length);
  const among = /among them (.+): who each/iu.exec(line.text);
  if (among) checkPhrase(ctx, line, 'the first characters', among[1], charactersAmongThem(content.characters));
}
