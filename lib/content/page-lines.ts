import type { FilmContent } from './schema';
import type { Character } from '../page/parts/characters';
import type { Kind } from '../page/parts/kind';
import type { Setting } from '../page/parts/setting';
import type { Theme } from '../page/parts/themes';
import type { TimelineEvent } from '../page/parts/timeline';
import { castOf, countWords, peopleNamedIn, placeFacts, plural, readingMinutes } from './derive';
import type { HeadedSectionId } from '../page/parts';

/**
 * The page's prose: each section's heading and the lines derived from the counting rules
 * (derive.ts). The reader page shows them (lib/reader/film-lines.ts adapts them to what a reader's
 * level lets through) and the page format writes and checks them (lib/page-format), so a page and its
 * export say the same thing.
 */

export function heading(section: HeadedSectionId, title: string): string {
  switch (section) {
    case 'premise':
      return `What Is ${title} About?`;
    case 'facts':
      return `Facts About ${title}`;
    case 'story':
      return `What Happens in ${title}?`;
    case 'timeline':
      return `${title} Timeline: Every Key Event in Order`;
    case 'characters':
      return `Who Are the Main Characters in ${title}?`;
    case 'setting':
      return `Where and When Is ${title} Set?`;
    case 'themes':
      return `What Are the Themes of ${title}?`;
    case 'kind':
      return `What Kind of Film Is ${title}?`;
    case 'images':
      return `Poster and Stills From ${title}`;
    case 'quiz':
      return 'Quiz';
  }
}

/** "A", "A and B", "A, B and C". */
export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A one-line field (title, name, label) can never break the page's line structure. */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export function premiseLine(title: string, premise: string): string {
  return `The premise of ${title} in ${plural(countWords(premise), 'word')}, with nothing given away. The full story follows below.`;
}

export function storyLine(content: Pick<FilmContent, 'title' | 'story' | 'characters'>): string {
  const words = countWords(content.story);
  const linked = castNamedInStory(content);
  const links = linked > 0 ? ` Names in the text link to ${plural(linked, 'cast member page')}.` : '';
  return (
    `The complete story of ${content.title}, from the first scene to the last, in ${plural(words, 'word')} ` +
    `(about ${plural(readingMinutes(words), 'minute')}). Spoilers throughout.${links}`
  );
}

export const SPOILERS_AHEAD = 'Spoilers ahead';

export function castNamedInStory(content: Pick<FilmContent, 'story' | 'characters'>): number {
  return peopleNamedIn(content.story, castOf(content.characters)).length;
}

export function firstToLast(events: Pick<TimelineEvent, 'title'>[]): string {
  if (events.length === 0) return '';
  return `from “${oneLine(events[0].title)}” to “${oneLine(events[events.length - 1].title)}”`;
}

export function timelineLine(events: Pick<TimelineEvent, 'title' | 'where'>[]): string {
  const { eventsWithPlace, locations } = placeFacts(events);
  const range = events.length > 0 ? `, ${firstToLast(events)}` : '';
  return (
    `${plural(events.length, 'key event')} in the order they happen${range}. ` +
    `${plural(eventsWithPlace, 'event')} ${eventsWithPlace === 1 ? 'names' : 'name'} a place, across ${plural(locations, 'location')}.`
  );
}

export function showOthersLine(title: string, hidden: number): string {
  return `Show the other ${plural(hidden, 'event')} of ${title} Hide the last ${plural(hidden, 'event')}`;
}

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

export function settingLine(title: string, setting: Pick<Setting, 'era' | 'place'>): string {
  const era = oneLine(setting.era);
  const places = joinAnd(oneLine(setting.place).split(/\s*,\s*/u).filter(Boolean));
  if (places && era) return `${title} is set in ${places} (${era}). Here is why the time and place matter to the story.`;
  if (places) return `${title} is set in ${places}. Here is why the place matters to the story.`;
  if (era) return `${title} is set in the ${era}. Here is why the time matters to the story.`;
  return `Where and when ${title} is set is not given yet.`;
}

export function themesAmongThem(themes: Pick<Theme, 'title'>[]): string {
  return joinAnd(themes.slice(0, 3).map((theme) => oneLine(theme.title)));
}

export function themesLine(themes: Pick<Theme, 'title'>[]): string {
  if (themes.length === 0) return '0 ideas the story keeps returning to.';
  return `${plural(themes.length, 'idea')} the story keeps returning to, among them ${themesAmongThem(themes)}.`;
}

const withArticle = (word: string) => `${/^[aeiou]/iu.test(word) ? 'an' : 'a'} ${word}`;

export function kindLine(kind: Pick<Kind, 'tone' | 'pacing' | 'story'>): string {
  const tone = oneLine(kind.tone.value);
  const pacing = oneLine(kind.pacing.value).toLocaleLowerCase();
  const story = oneLine(kind.story.value).toLocaleLowerCase();
  const rest = [pacing && `${pacing} pacing`, story && `${withArticle(story)} story`].filter(Boolean).join(' and ');
  const said = tone ? `${tone} in tone${rest ? `, with ${rest}` : ''}` : rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
  return `${said || 'Not described yet'}, going by the plot summary.`;
}

export function quizTeaser(title: string): string {
  return `How well do you remember ${title}? Test yourself on the story.`;
}

