import type { Character, FilmContent, Kind, Setting, Theme, TimelineEvent } from '../content/schema';
import { castOf, countWords, peopleNamedIn, placeFacts, plural, readingMinutes } from '../content/derive';
import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';

/**
 * What the page format's reader (parse-page.ts) and writer (format-page.ts) share: the section
 * headings, the derived lines written from the counting rules, and the machine-readable markers.
 * The format itself is described at the top of format-page.ts.
 */

export type SectionKey = 'premise' | 'story' | 'timeline' | 'characters' | 'setting' | 'themes' | 'kind' | 'quiz';

export const SECTION_NAMES: Record<SectionKey, string> = {
  premise: 'premise',
  story: 'story',
  timeline: 'timeline',
  characters: 'characters',
  setting: 'setting',
  themes: 'themes',
  kind: 'kind of film',
  quiz: 'quiz',
};

export function heading(section: SectionKey, title: string): string {
  switch (section) {
    case 'premise':
      return `What Is ${title} About?`;
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
    case 'quiz':
      return 'Quiz';
  }
}

const HEADING_PATTERNS: Array<[SectionKey, RegExp]> = [
  ['premise', /^What Is (.+) About\?$/],
  ['story', /^What Happens in (.+)\?$/],
  ['timeline', /^(.+) Timeline: Every Key Event in Order$/],
  ['characters', /^Who Are the Main Characters in (.+)\?$/],
  ['setting', /^Where and When Is (.+) Set\?$/],
  ['themes', /^What Are the Themes of (.+)\?$/],
  ['kind', /^What Kind of Film Is (.+)\?$/],
  ['quiz', /^Quiz$/],
];

/** A known section heading and the title it names (null for "Quiz", which names none). */
export function matchHeading(line: string): { section: SectionKey; title: string | null } | null {
  for (const [section, pattern] of HEADING_PATTERNS) {
    const match = pattern.exec(line);
    if (match) return { section, title: match[1]?.trim() ?? null };
  }
  return null;
}

/** For comparing what a human may have typed: straight or curly quotes, spacing and case don't matter. */
export function looseText(text: string): string {
  return text
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase();
}

/** "A", "A and B", "A, B and C". */
export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A text field as the page writes it: one line per paragraph. */
export function paragraphLines(text: string): string[] {
  return text
    .split(/\n+/u)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A one-line field (title, name, label) can never break the page's line structure. */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Ids and placeholders

/** Ids a page without markers gets, by position: e1, c1, t1, m1, n1, q1; options q1o1. */
export const positionalId = {
  event: (index: number) => `e${index + 1}`,
  character: (index: number) => `c${index + 1}`,
  theme: (index: number) => `t${index + 1}`,
  mood: (index: number) => `m${index + 1}`,
  contentNote: (index: number) => `n${index + 1}`,
  question: (index: number) => `q${index + 1}`,
  option: (questionIndex: number, index: number) => `q${questionIndex + 1}o${index + 1}`,
};

/** Empty era or place with text under it (otherwise the first text line would read as the era). */
export const EMPTY_LABEL = '—';

export function optionLetter(index: number): string {
  return String.fromCharCode('a'.charCodeAt(0) + index);
}

// ---------------------------------------------------------------------------------------------
// Derived lines: written by the exporter, recognised and checked by the parser.

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

// ---------------------------------------------------------------------------------------------
// Markers: "[spoiler: light · id: e3]" at the end of the line that names an item.

export type Marker = { spoiler?: SpoilerLevel; id?: string; slug?: string };
export type MarkerKey = keyof Marker;

const MARKER_KEYS: MarkerKey[] = ['spoiler', 'id', 'slug'];

export function formatMarker(marker: Marker): string {
  const parts = MARKER_KEYS.filter((key) => marker[key] !== undefined).map((key) => `${key}: ${marker[key]}`);
  return parts.length > 0 ? ` [${parts.join(' · ')}]` : '';
}

/** A trailing "[key: value · …]" whose first key is one of ours; anything else in brackets is text. */
const MARKER_AT_END = /\s*\[\s*((?:spoiler|id|slug)\s*:[^[\]]*)\]$/iu;

export function splitMarker(line: string): { text: string; marker: Marker; problems: string[] } {
  const match = MARKER_AT_END.exec(line);
  if (!match) return { text: line, marker: {}, problems: [] };
  const marker: Marker = {};
  const problems: string[] = [];
  for (const part of match[1].split(/[·;,]/u)) {
    const pair = /^\s*([A-Za-z]+)\s*:\s*(.*?)\s*$/u.exec(part);
    const key = pair?.[1].toLowerCase();
    const value = pair?.[2] ?? '';
    if (key === 'spoiler') {
      if ((SPOILER_LEVELS as readonly string[]).includes(value.toLowerCase())) marker.spoiler = value.toLowerCase() as SpoilerLevel;
      else problems.push(`Unknown spoiler level “${value}” (use none, light or full)`);
    } else if (key === 'id' || key === 'slug') {
      marker[key] = value;
    } else if (part.trim() !== '') {
      problems.push(`Unknown marker “${part.trim()}”`);
    }
  }
  return { text: line.slice(0, match.index).trimEnd(), marker, problems };
}
