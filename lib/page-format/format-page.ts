/**
 * The page format: a film page as plain text, the way such pages already exist elsewhere
 * (see shared/seed/kiss-and-cry.txt), plus a few small markers so that
 * import → export → import gives back exactly the same content.
 *
 * One line per paragraph or field; blank lines mean nothing (the exporter puts one before each
 * heading and each quiz question, for the eye). Sections, in this order, each under its heading:
 *
 *   What Is {title} About?                         premise paragraphs
 *     Released: 2017                                 (marker) release year, when known
 *     Slug: other-slug                               (marker) only when the slug is not slugify(title)
 *   Facts About {title}                            only when the film has facts: "Release date: 2017-02-10",
 *                                                    "Runtime: 94 minutes", "Director: Name", "Genre: Drama",
 *                                                    "Country: Canada (CA)"… one line each (facts-lines.ts)
 *   What Happens in {title}?                       "Spoilers ahead", then story paragraphs ("> " quotes kept)
 *   {title} Timeline: Every Key Event in Order     per event: "- 3", title, description lines,
 *                                                    "When:{when} Where:{where}" (Where: optional,
 *                                                    the line is left out when both are empty)
 *   Who Are the Main Characters in {title}?        per character: avatar "- SI", "Name (Actor)",
 *                                                    "Played by Actor", description lines, tags "- 🎯 Label"
 *   Where and When Is {title} Set?                 "When", era, when lines, "Where", place, where lines, tags
 *   What Are the Themes of {title}?                per theme: "-", "01", title, description lines
 *   What Kind of Film Is {title}?                  "- Tone" / "- Bittersweet" pairs (Tone, Pacing, Story,
 *                                                    Intensity, Ending), summary lines, mood lines "- hopeful",
 *                                                    "Content notes: a, b, c."
 *   Poster and Stills From {title}                 only when the page has images:
 *     Poster: /media/{id} [spoiler: none]            the image's address (or id), then "Alt: …"
 *     Alt: Carley on the ice
 *     Still: /media/{id} [spoiler: light · id: s2]   per still: address, "Alt: …", "Caption: …" (optional)
 *   Quiz                                           teaser, then the questions:
 *
 *     Q1. Which sport does Carley train for? [spoiler: none]
 *       a) Ice hockey
 *       * b) Figure skating                          "*" marks the one correct option
 *       c) Speed skating
 *       Explanation: She skates for the national team.   (more lines: more paragraphs)
 *
 * Derived lines (the word counts, the timeline's "13 key events …", "Show the other 3 events …",
 * "7 characters, among them …", the setting, themes and kind lines, the quiz teaser) are computed
 * here from the counting rules in lib/content/derive.ts; the parser skips them and checks them.
 *
 * Markers are written only where the content differs from what a page without markers imports as:
 * a trailing "[spoiler: light · id: e3]" on the line that names an item
 *   - spoiler: written when not `full` (the safe default of an import without markers);
 *   - id: written when not the positional id (e1…, c1…, t1…, m1…, n1…, q1…, s1…, option q1o1…);
 *   - slug: on a "Played by" line, when the person's slug is not slugify(their name).
 * Where: event title line; character name line; the setting line under its heading (the whole
 * setting); theme title line; a poster or still line; a kind value line ("- Sad [spoiler: full]"); the first summary line
 * (alone on its own line when the summary is empty); a mood line; a "Content notes:" line (all the
 * notes on it); a quiz question line; an option line (id only).
 * Content notes that share a level and have positional ids go on one "Content notes: a, b." line
 * per run; a note with its own id or a comma in it goes alone on a "Content note: a, b" line.
 * An empty era or place with text under it is written as "—"; an empty kind value with a level as "-".
 *
 * What the format cannot carry: line breaks inside one-line fields and more than one line break
 * between paragraphs (the exporter flattens both); tags whose emoji has letters or spaces; text
 * lines that read as structure (a paragraph "- 5", "When:…", "Q1. …", a heading, a description
 * line that is just "02" under a theme). Real prose never does; the property test in
 * format-page.test.ts states the domain exactly (arbitrary-content.ts).
 */
import type { FilmContent } from '../content/schema';
import type { Character } from '../page/parts/characters';
import type { Kind, LabelItem } from '../page/parts/kind';
import type { QuizQuestion } from '../page/parts/quiz';
import type { Setting } from '../page/parts/setting';
import type { Theme } from '../page/parts/themes';
import type { TimelineEvent } from '../page/parts/timeline';
import { slugify } from '../content/schema';
import { TRAIT_KEYS, TRAIT_LABELS } from '../page/parts/kind';
import { TIMELINE_FIRST_SHOWN, initials } from '../content/derive';
import { DEFAULT_ITEM_LEVEL, type SpoilerLevel } from '../spoilers/levels';
import {
  SPOILERS_AHEAD,
  charactersLine,
  heading,
  kindLine,
  oneLine,
  premiseLine,
  quizTeaser,
  settingLine,
  showOthersLine,
  storyLine,
  themesLine,
  timelineLine,
} from '../content/page-lines';
import { EMPTY_LABEL, formatMarker, imageAddress, optionLetter, paragraphLines, positionalId } from './page-text';
import { factsLines, hasFacts } from './facts-lines';

const levelMarker = (spoiler: SpoilerLevel) => (spoiler === DEFAULT_ITEM_LEVEL ? undefined : spoiler);

function itemMarker(item: { id: string; spoiler: SpoilerLevel }, positional: string): string {
  return formatMarker({ spoiler: levelMarker(item.spoiler), id: item.id === positional ? undefined : item.id });
}

export function formatPage(content: FilmContent): string {
  const sections = [
    premiseSection(content),
    ...(hasFacts(content.facts) ? [[heading('facts', content.title), ...factsLines(content.facts)]] : []),
    storySection(content),
    timelineSection(content),
    charactersSection(content),
    settingSection(content.title, content.setting),
    themesSection(content.title, content.themes),
    kindSection(content.title, content.kind),
    ...imagesSection(content),
    quizSection(content.title, content.quiz.questions),
  ];
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

function premiseSection(content: FilmContent): string[] {
  return [
    heading('premise', content.title),
    ...(content.releaseYear !== null ? [`Released: ${content.releaseYear}`] : []),
    ...(content.slug !== slugify(content.title) ? [`Slug: ${content.slug}`] : []),
    premiseLine(content.title, content.premise),
    ...paragraphLines(content.premise),
  ];
}

function storySection(content: FilmContent): string[] {
  return [heading('story', content.title), storyLine(content), SPOILERS_AHEAD, ...paragraphLines(content.story)];
}

function timelineSection(content: FilmContent): string[] {
  const lines = [heading('timeline', content.title), timelineLine(content.events)];
  content.events.forEach((event, index) => {
    lines.push(...eventLines(event, index));
    const hidden = content.events.length - TIMELINE_FIRST_SHOWN;
    if (index === TIMELINE_FIRST_SHOWN - 1 && hidden > 0) lines.push(showOthersLine(content.title, hidden));
  });
  return lines;
}

function eventLines(event: TimelineEvent, index: number): string[] {
  const when = oneLine(event.when);
  const where = oneLine(event.where);
  const whenWhere = when || where ? [`When:${when}${where ? ` Where:${where}` : ''}`] : [];
  return [
    `- ${index + 1}`,
    `${oneLine(event.title)}${itemMarker(event, positionalId.event(index))}`,
    ...paragraphLines(event.description),
    ...whenWhere,
  ];
}

function charactersSection(content: FilmContent): string[] {
  return [
    heading('characters', content.title),
    charactersLine(content.characters),
    ...content.characters.flatMap((character, index) => characterLines(character, index)),
  ];
}

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

function tagLine(tag: { emoji: string; label: string }): string {
  return tag.emoji ? `- ${tag.emoji} ${oneLine(tag.label)}` : `- ${oneLine(tag.label)}`;
}

function settingSection(title: string, setting: Setting): string[] {
  return [
    heading('setting', title),
    `${settingLine(title, setting)}${formatMarker({ spoiler: levelMarker(setting.spoiler) })}`,
    ...labelledBlock('When', setting.era, setting.when),
    ...labelledBlock('Where', setting.place, setting.where),
    ...setting.tags.map(tagLine),
  ];
}

/** "When" / era / text lines; left out when both are empty. */
function labelledBlock(label: string, short: string, text: string): string[] {
  const lines = paragraphLines(text);
  const value = oneLine(short);
  if (!value && lines.length === 0) return [];
  return [label, value || EMPTY_LABEL, ...lines];
}

function themesSection(title: string, themes: Theme[]): string[] {
  return [
    heading('themes', title),
    themesLine(themes),
    ...themes.flatMap((theme, index) => [
      '-',
      String(index + 1).padStart(2, '0'),
      `${oneLine(theme.title)}${itemMarker(theme, positionalId.theme(index))}`,
      ...paragraphLines(theme.description),
    ]),
  ];
}

function kindSection(title: string, kind: Kind): string[] {
  const traits = TRAIT_KEYS.filter((key) => kind[key].value !== '' || kind[key].spoiler !== DEFAULT_ITEM_LEVEL).flatMap(
    (key) => [`- ${TRAIT_LABELS[key]}`, `-${kind[key].value ? ` ${oneLine(kind[key].value)}` : ''}${formatMarker({ spoiler: levelMarker(kind[key].spoiler) })}`],
  );
  return [
    heading('kind', title),
    kindLine(kind),
    ...traits,
    ...summaryLines(kind.summary),
    ...kind.moods.map((mood, index) => `- ${oneLine(mood.label)}${itemMarker(mood, positionalId.mood(index))}`),
    ...contentNoteLines(kind.contentNotes),
  ];
}

function summaryLines(summary: Kind['summary']): string[] {
  const marker = formatMarker({ spoiler: levelMarker(summary.spoiler) });
  const [first, ...rest] = paragraphLines(summary.text);
  if (first === undefined) return marker ? [marker.trim()] : [];
  return [`${first}${marker}`, ...rest];
}

/** Runs of plain notes share a line; a note with its own id or a comma in its label stands alone. */
function contentNoteLines(notes: LabelItem[]): string[] {
  const lines: string[] = [];
  let run: LabelItem[] = [];
  const flush = () => {
    if (run.length === 0) return;
    lines.push(`Content notes: ${run.map((note) => oneLine(note.label)).join(', ')}.${formatMarker({ spoiler: levelMarker(run[0].spoiler) })}`);
    run = [];
  };
  notes.forEach((note, index) => {
    const positional = positionalId.contentNote(index);
    if (note.id !== positional || note.label.includes(',')) {
      flush();
      lines.push(`Content note: ${oneLine(note.label)}${itemMarker(note, positional)}`);
      return;
    }
    if (run.length > 0 && run[0].spoiler !== note.spoiler) flush();
    run.push(note);
  });
  flush();
  return lines;
}

/** Written only when the page has images: a page without them reads the same as before images existed. */
function imagesSection(content: FilmContent): string[][] {
  const { poster, stills } = content;
  if (!poster && stills.length === 0) return [];
  const posterLines = poster
    ? [`Poster: ${imageAddress(poster.image)}${formatMarker({ spoiler: levelMarker(poster.spoiler) })}`, `Alt: ${oneLine(poster.alt)}`]
    : [];
  const stillLines = stills.flatMap((still, index) => [
    `Still: ${imageAddress(still.image)}${itemMarker(still, positionalId.still(index))}`,
    `Alt: ${oneLine(still.alt)}`,
    ...(still.caption ? [`Caption: ${oneLine(still.caption)}`] : []),
  ]);
  return [[heading('images', content.title), ...posterLines, ...stillLines]];
}

function quizSection(title: string, questions: QuizQuestion[]): string[] {
  return [heading('quiz', title), quizTeaser(title), ...questions.flatMap((question, index) => ['', ...questionLines(question, index)])];
}

function questionLines(question: QuizQuestion, index: number): string[] {
  const [explanation, ...more] = paragraphLines(question.explanation);
  return [
    `Q${index + 1}. ${oneLine(question.prompt)}${itemMarker(question, positionalId.question(index))}`,
    ...question.options.map((option, optionIndex) => {
      const id = option.id === positionalId.option(index, optionIndex) ? undefined : option.id;
      return `  ${option.correct ? '* ' : ''}${optionLetter(optionIndex)}) ${oneLine(option.text)}${formatMarker({ id })}`;
    }),
    ...(explanation !== undefined ? [`  Explanation: ${explanation}`, ...more.map((line) => `  ${line}`)] : []),
  ];
}
