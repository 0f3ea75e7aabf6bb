import type { FilmContent, PersonRef, Tag } from '../content/schema';
import type { Character } from '../page/parts/characters';
import type { LabelItem, TraitKey } from '../page/parts/kind';
import type { QuizQuestion } from '../page/parts/quiz';
import type { Theme } from '../page/parts/themes';
import type { TimelineEvent } from '../page/parts/timeline';
import { slugSchema, slugify } from '../content/schema';
import { TRAIT_KEYS, TRAIT_LABELS } from '../page/parts/kind';
import { TIMELINE_FIRST_SHOWN, countWords, placeFacts, readingMinutes } from '../content/derive';
import { DEFAULT_ITEM_LEVEL, type SpoilerLevel } from '../spoilers/levels';
import { castNamedInStory, charactersAmongThem, firstToLast, kindLine, quizTeaser, settingLine, themesAmongThem } from '../content/page-lines';
import { EMPTY_LABEL, looseText, optionLetter, positionalId, type Marker } from './page-text';
import {
  afterDash,
  assignIds,
  checkCount,
  checkPhrase,
  emptyKind,
  isDashLine,
  joinParagraphs,
  numberIn,
  readMarker,
  readTag,
  unplaced,
  warn,
  type Context,
  type Draft,
  type Line,
  type Pending,
} from './parse-context';

/** One reader per section of the page format: each turns the lines under its heading into content. */

// ---------------------------------------------------------------------------------------------
// Premise and story


const PREMISE_LINE = /^The premise of .+ in ([\d,]+) words?\b/iu;

export function readPremise(body: Line[], ctx: Context): Pick<Draft, 'premise'> & Partial<Pick<Draft, 'releaseYear' | 'slug'>> {
  const paragraphs: string[] = [];
  const result: Partial<Pick<Draft, 'releaseYear' | 'slug'>> = {};
  for (const line of body) {
    if (paragraphs.length === 0 && readPremiseLead(line, ctx, result)) continue;
    paragraphs.push(line.text);
  }
  return { ...result, premise: joinParagraphs(paragraphs) };
}

/** The lines above the premise text: release year, slug, the derived word count. */
function readPremiseLead(line: Line, ctx: Context, result: Partial<Pick<Draft, 'releaseYear' | 'slug'>>): boolean {
  const released = /^Released:\s*(.*)$/iu.exec(line.text);
  if (released) {
    const year = Number(released[1]);
    if (/^\d{4}$/u.test(released[1]) && year >= 1870 && year <= 2100) result.releaseYear = year;
    else warn(ctx, line.n, 'marker', `“${released[1]}” is not a release year (1870–2100); left out`);
    return true;
  }
  const slug = /^Slug:\s*(.*)$/iu.exec(line.text);
  if (slug) {
    if (slugSchema.safeParse(slug[1]).success) result.slug = slug[1];
    else warn(ctx, line.n, 'marker', `“${slug[1]}” is not a slug (lowercase letters, digits, single hyphens); using the title’s`);
    return true;
  }
  const derived = PREMISE_LINE.exec(line.text);
  if (derived) {
    ctx.checks.push((content) => checkCount(ctx, line, 'premise words', numberIn(derived[1]), countWords(content.premise)));
    return true;
  }
  return false;
}

const STORY_LINE = /^The complete story of .+ in ([\d,]+) words?\b/iu;

export function readStory(body: Line[], ctx: Context): string {
  const paragraphs: string[] = [];
  for (const line of body) {
    if (paragraphs.length === 0 && /^Spoilers ahead\.?$/iu.test(line.text)) continue;
    if (paragraphs.length === 0 && STORY_LINE.test(line.text)) {
      ctx.checks.push((content) => checkStoryLine(ctx, line, content));
      continue;
    }
    paragraphs.push(line.text);
  }
  return joinParagraphs(paragraphs);
}

function checkStoryLine(ctx: Context, line: Line, content: FilmContent) {
  const words = countWords(content.story);
  checkCount(ctx, line, 'story words', numberIn(STORY_LINE.exec(line.text)![1]), words);
  const minutes = /\(about (\d+) minutes?\)/iu.exec(line.text);
  if (minutes) checkCount(ctx, line, 'minutes of reading', Number(minutes[1]), readingMinutes(words));
  const links = /link to (\d+) cast member pages?/iu.exec(line.text);
  if (links) checkCount(ctx, line, 'cast member pages linked from the story', Number(links[1]), castNamedInStory(content));
}

// ---------------------------------------------------------------------------------------------
// Timeline

const TIMELINE_LINE = /^(\d+) key events?\b/iu;
const SHOW_OTHERS_LINE = /^Show the other (\d+) events?\b/iu;
const EVENT_NUMBER = /^-\s*(\d+)$/u;
const WHEN_WHERE = /^When:\s*(.*?)\s*(?:\bWhere:\s*(.*))?$/u;
const WHERE_ONLY = /^Where:\s*(.*)$/u;

type EventDraft = { number: Line; title?: Line & { marker: Marker }; description: string[]; when: string; where: string; closed: boolean };

export function readTimeline(body: Line[], ctx: Context): TimelineEvent[] {
  const drafts: EventDraft[] = [];
  body.forEach((line, index) => {
    const current = drafts[drafts.length - 1];
    if (index === 0 && TIMELINE_LINE.test(line.text)) {
      ctx.checks.push((content) => checkTimelineLine(ctx, line, content));
      return;
    }
    const showOthers = SHOW_OTHERS_LINE.exec(line.text);
    if (showOthers) {
      checkShowOthers(ctx, line, Number(showOthers[1]), drafts.length);
      return;
    }
    if (EVENT_NUMBER.test(line.text)) {
      drafts.push({ number: line, description: [], when: '', where: '', closed: false });
      return;
    }
    if (!current || current.closed) return unplaced(ctx, line, 'timeline');
    const whenWhere = WHEN_WHERE.exec(line.text);
    const whereOnly = WHERE_ONLY.exec(line.text);
    if (whenWhere || whereOnly) {
      current.when = whenWhere?.[1] ?? '';
      current.where = (whenWhere ? whenWhere[2] : whereOnly?.[1]) ?? '';
      current.closed = true;
      return;
    }
    if (!current.title) current.title = { ...line, ...readMarker(ctx, line, line.text, ['spoiler', 'id']) };
    else current.description.push(line.text);
  });
  const pending = drafts.map((draft, index) => toEvent(ctx, draft, index));
  return assignIds(ctx, pending, positionalId.event);
}

function toEvent(ctx: Context, draft: EventDraft, index: number): Pending<TimelineEvent> {
  const number = Number(EVENT_NUMBER.exec(draft.number.text)![1]);
  if (number !== index + 1) warn(ctx, draft.number.n, 'count', `This event is numbered ${number} but is event ${index + 1}`);
  if (!draft.title) warn(ctx, draft.number.n, 'invalid', `Event ${index + 1} has no title; called “Untitled event”`);
  const item: TimelineEvent = {
    id: '',
    title: draft.title?.text || 'Untitled event',
    description: joinParagraphs(draft.description),
    when: draft.when,
    where: draft.where,
    spoiler: draft.title?.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.title?.marker.id, line: draft.title?.n ?? draft.number.n };
}

function checkTimelineLine(ctx: Context, line: Line, content: FilmContent) {
  const { events } = content;
  checkCount(ctx, line, 'key events', Number(TIMELINE_LINE.exec(line.text)![1]), events.length);
  const range = /from\s+[“"](.*)[”"]\s+to\s+[“"](.*)[”"]\./u.exec(line.text);
  if (range && events.length > 0) checkPhrase(ctx, line, 'the first and last events', `from “${range[1]}” to “${range[2]}”`, firstToLast(events));
  const facts = placeFacts(events);
  const named = /(\d+) events? names? a place/iu.exec(line.text);
  if (named) checkCount(ctx, line, 'events naming a place', Number(named[1]), facts.eventsWithPlace);
  const across = /across (\d+) locations?/iu.exec(line.text);
  if (across) checkCount(ctx, line, 'locations', Number(across[1]), facts.locations);
}

/** "Show the other N events" belongs after the 10th event; the total is checked once all are read. */
function checkShowOthers(ctx: Context, line: Line, claimed: number, eventsBefore: number) {
  if (eventsBefore !== TIMELINE_FIRST_SHOWN) {
    warn(ctx, line.n, 'count', `“Show the other events” comes after event ${eventsBefore}; it belongs after event ${TIMELINE_FIRST_SHOWN}`);
  }
  ctx.checks.push((content) =>
    checkCount(ctx, line, 'events after the first ten', claimed, Math.max(0, content.events.length - TIMELINE_FIRST_SHOWN)),
  );
}

// ---------------------------------------------------------------------------------------------
// Characters

const CHARACTERS_LINE = /^(\d+) characters?\b/iu;
const PLAYED_BY = /^Played by\s+(.+)$/u;

type CharacterDraft = {
  name: Line & { marker: Marker };
  actor?: Line & { marker: Marker };
  description: string[];
  tags: Tag[];
  stage: 'actor' | 'description' | 'tags';
};

/** "- SI", "- A(", "-": the avatar above a character, told from a tag by the name line after it. */
function isAvatarLine(line: Line, next: Line | undefined): boolean {
  const match = /^-(?:\s+(\S+))?$/u.exec(line.text);
  if (!match || (match[1] !== undefined && [...match[1]].length > 4)) return false;
  return next !== undefined && !isDashLine(next.text);
}

export function readCharacters(body: Line[], ctx: Context): Character[] {
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
  return assignIds(ctx, drafts.map((draft) => toCharacter(ctx, draft)), positionalId.character);
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

// ---------------------------------------------------------------------------------------------
// Setting

export function readSetting(body: Line[], ctx: Context): FilmContent['setting'] {
  const setting: FilmContent['setting'] = { era: '', when: '', place: '', where: '', tags: [], spoiler: DEFAULT_ITEM_LEVEL };
  const text = { when: [] as string[], where: [] as string[] };
  let stage: 'lead' | 'era' | 'when' | 'place' | 'where' | 'tags' = 'lead';
  const short = (value: string) => (value === EMPTY_LABEL ? '' : value);

  body.forEach((line, index) => {
    if (line.text === 'When') {
      stage = 'era';
      return;
    }
    if (line.text === 'Where') {
      stage = 'place';
      return;
    }
    if (isDashLine(line.text)) {
      setting.tags.push(readTag(ctx, line));
      stage = 'tags';
      return;
    }
    if (stage === 'lead' && index === 0) {
      const { text: derived, marker } = readMarker(ctx, line, line.text, ['spoiler']);
      setting.spoiler = marker.spoiler ?? DEFAULT_ITEM_LEVEL;
      ctx.checks.push((content) => checkPhrase(ctx, line, 'the setting line', derived, settingLine(ctx.title, content.setting)));
      return;
    }
    if (stage === 'era' || stage === 'place') {
      setting[stage] = short(line.text);
      stage = stage === 'era' ? 'when' : 'where';
      return;
    }
    if (stage === 'when' || stage === 'where') {
      text[stage].push(line.text);
      return;
    }
    unplaced(ctx, line, 'setting');
  });
  setting.when = joinParagraphs(text.when);
  setting.where = joinParagraphs(text.where);
  return setting;
}

// ---------------------------------------------------------------------------------------------
// Themes

const THEMES_LINE = /^(\d+) ideas?\b/iu;
const THEME_NUMBER = /^\d{1,3}$/u;

type ThemeDraft = { start: Line; number?: Line; title?: Line & { marker: Marker }; description: string[] };

export function readThemes(body: Line[], ctx: Context): Theme[] {
  const drafts: ThemeDraft[] = [];
  body.forEach((line, index) => {
    const current = drafts[drafts.length - 1];
    if (index === 0 && THEMES_LINE.test(line.text)) {
      ctx.checks.push((content) => checkThemesLine(ctx, line, content));
      return;
    }
    if (line.text === '-') {
      drafts.push({ start: line, description: [] });
      return;
    }
    if (THEME_NUMBER.test(line.text) && (!current || current.title || !current.number)) {
      if (current && !current.title && !current.number) current.number = line;
      else drafts.push({ start: line, number: line, description: [] });
      return;
    }
    if (!current) return unplaced(ctx, line, 'themes');
    if (!current.title) current.title = { ...line, ...readMarker(ctx, line, line.text, ['spoiler', 'id']) };
    else current.description.push(line.text);
  });
  const pending = drafts.map((draft, index) => toTheme(ctx, draft, index));
  return assignIds(ctx, pending, positionalId.theme);
}

function toTheme(ctx: Context, draft: ThemeDraft, index: number): Pending<Theme> {
  if (draft.number && Number(draft.number.text) !== index + 1) {
    warn(ctx, draft.number.n, 'count', `This theme is numbered ${draft.number.text} but is theme ${index + 1}`);
  }
  if (!draft.title) warn(ctx, draft.start.n, 'invalid', `Theme ${index + 1} has no title; called “Untitled theme”`);
  const item: Theme = {
    id: '',
    title: draft.title?.text || 'Untitled theme',
    description: joinParagraphs(draft.description),
    spoiler: draft.title?.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.title?.marker.id, line: draft.title?.n ?? draft.start.n };
}

function checkThemesLine(ctx: Context, line: Line, content: FilmContent) {
  checkCount(ctx, line, 'themes', Number(THEMES_LINE.exec(line.text)![1]), content.themes.length);
  const among = /among them (.+)\.$/iu.exec(line.text);
  if (among) checkPhrase(ctx, line, 'the first themes', among[1], themesAmongThem(content.themes));
}

// ---------------------------------------------------------------------------------------------
// Kind of film

const KIND_LINE = /going by the plot summary\.?$/iu;
const CONTENT_NOTES = /^Content (notes?):\s*(.*)$/iu;
const traitByLabel = new Map(TRAIT_KEYS.map((key) => [TRAIT_LABELS[key], key] as [string, TraitKey]));

export function readKind(body: Line[], ctx: Context): FilmContent['kind'] {
  const kind = emptyKind();
  const summary: string[] = [];
  const moods: Pending<LabelItem>[] = [];
  const notes: Pending<LabelItem>[] = [];
  const traitsSeen = new Set<TraitKey>();
  let phase: 'lead' | 'traits' | 'summary' | 'moods' = 'lead';

  for (let index = 0; index < body.length; index += 1) {
    const line = body[index];
    const notesMatch = CONTENT_NOTES.exec(line.text);
    if (notesMatch) {
      notes.push(...readContentNotes(ctx, line, notesMatch[1].toLowerCase() === 'note', notesMatch[2]));
      continue;
    }
    if (isDashLine(line.text)) {
      const trait = traitByLabel.get(afterDash(line.text));
      if (trait && (phase === 'lead' || phase === 'traits')) {
        phase = 'traits';
        const value = body[index + 1];
        if (!value || !isDashLine(value.text)) {
          warn(ctx, line.n, 'unplaced', `“${TRAIT_LABELS[trait]}” has no value under it; skipped`);
          continue;
        }
        index += 1;
        if (traitsSeen.has(trait)) warn(ctx, line.n, 'unplaced', `“${TRAIT_LABELS[trait]}” is given twice; the last one is kept`);
        traitsSeen.add(trait);
        const { text, marker } = readMarker(ctx, value, afterDash(value.text), ['spoiler']);
        kind[trait] = { value: text, spoiler: marker.spoiler ?? DEFAULT_ITEM_LEVEL };
        continue;
      }
      phase = 'moods';
      const { text, marker } = readMarker(ctx, line, afterDash(line.text), ['spoiler', 'id']);
      moods.push({ item: { id: '', label: text, spoiler: marker.spoiler ?? DEFAULT_ITEM_LEVEL }, explicitId: marker.id, line: line.n });
      continue;
    }
    if (phase === 'lead' && summary.length === 0 && KIND_LINE.test(line.text)) {
      ctx.checks.push((content) => checkPhrase(ctx, line, 'the kind of film', line.text, kindLine(content.kind)));
      continue;
    }
    if (phase === 'moods') {
      unplaced(ctx, line, 'kind of film');
      continue;
    }
    phase = 'summary';
    const { text, marker } = readMarker(ctx, line, line.text, ['spoiler']);
    if (marker.spoiler) kind.summary.spoiler = marker.spoiler;
    if (text) summary.push(text);
  }
  kind.summary.text = joinParagraphs(summary);
  ctx.lineOf.set(kind.summary, body.find((line) => !isDashLine(line.text))?.n ?? 0);
  kind.moods = assignIds(ctx, moods, positionalId.mood);
  kind.contentNotes = assignIds(ctx, notes, positionalId.contentNote);
  return kind;
}

/** "Content notes: a, b, c." (a list, one final period) or "Content note: a, b" (one note as written). */
function readContentNotes(ctx: Context, line: Line, single: boolean, rest: string): Pending<LabelItem>[] {
  const { text, marker } = readMarker(ctx, line, rest, ['spoiler', 'id']);
  const labels = single ? [text] : text.replace(/\.$/u, '').split(/\s*,\s*/u);
  const kept = labels.map((label) => label.trim()).filter(Boolean);
  if (marker.id !== undefined && kept.length > 1) {
    warn(ctx, line.n, 'marker', 'An id marker names one note; this line lists several, so the id is not used');
  }
  const explicitId = kept.length === 1 ? marker.id : undefined;
  const spoiler: SpoilerLevel = marker.spoiler ?? DEFAULT_ITEM_LEVEL;
  return kept.map((label) => ({ item: { id: '', label, spoiler }, explicitId, line: line.n }));
}

// ---------------------------------------------------------------------------------------------
// Quiz

const QUESTION = /^Q(\d+)[.)]\s*(.*)$/u;
const OPTION = /^(\*\s*)?([a-z])\)\s*(.*)$/iu;
const EXPLANATION = /^Explanation:\s*(.*)$/iu;

type QuestionDraft = {
  line: Line & { marker: Marker };
  options: Array<Pending<QuizQuestion['options'][number]>>;
  explanation: string[];
  stage: 'options' | 'explanation';
};

export function readQuiz(body: Line[], ctx: Context): QuizQuestion[] {
  const drafts: QuestionDraft[] = [];
  body.forEach((line, index) => {
    const current = drafts[drafts.length - 1];
    if (index === 0 && looseText(line.text) === looseText(quizTeaser(ctx.title))) return;
    if (index === 0 && /^How well do you remember\b/iu.test(line.text)) return;
    const question = QUESTION.exec(line.text);
    if (question) {
      const number = Number(question[1]);
      if (number !== drafts.length + 1) warn(ctx, line.n, 'count', `This question is numbered ${number} but is question ${drafts.length + 1}`);
      drafts.push({ line: { ...line, ...readMarker(ctx, line, question[2], ['spoiler', 'id']) }, options: [], explanation: [], stage: 'options' });
      return;
    }
    if (!current) return unplaced(ctx, line, 'quiz');
    const option = OPTION.exec(line.text);
    if (option && current.stage === 'options') {
      current.options.push(readOption(ctx, line, option, current.options.length));
      return;
    }
    const explanation = EXPLANATION.exec(line.text);
    if (explanation) {
      current.stage = 'explanation';
      if (explanation[1]) current.explanation.push(explanation[1]);
      return;
    }
    if (current.stage === 'explanation') {
      current.explanation.push(line.text);
      return;
    }
    unplaced(ctx, line, 'quiz');
  });
  const pending = drafts.map((draft, questionIndex) => toQuestion(ctx, draft, questionIndex));
  return assignIds(ctx, pending, positionalId.question);
}

function readOption(ctx: Context, line: Line, match: RegExpExecArray, index: number): Pending<QuizQuestion['options'][number]> {
  const letter = match[2].toLowerCase();
  if (letter !== optionLetter(index)) warn(ctx, line.n, 'count', `This option is lettered ${letter}) but is option ${optionLetter(index)})`);
  const { text, marker } = readMarker(ctx, line, match[3], ['id']);
  return { item: { id: '', text, correct: match[1] !== undefined }, explicitId: marker.id, line: line.n };
}

function toQuestion(ctx: Context, draft: QuestionDraft, questionIndex: number): Pending<QuizQuestion> {
  const item: QuizQuestion = {
    id: '',
    prompt: draft.line.text,
    options: assignIds(ctx, draft.options, (index) => positionalId.option(questionIndex, index)),
    explanation: joinParagraphs(draft.explanation),
    spoiler: draft.line.marker.spoiler ?? DEFAULT_ITEM_LEVEL,
  };
  return { item, explicitId: draft.line.marker.id, line: draft.line.n };
}
