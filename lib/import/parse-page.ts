import type { z } from 'zod';
import type { Character, FilmContent, LabelItem, PersonRef, QuizQuestion, Tag, Theme, TimelineEvent, TraitKey } from '../content/schema';
import { TRAIT_KEYS, TRAIT_LABELS, filmContentSchema, itemIdSchema, slugSchema, slugify } from '../content/schema';
import { TIMELINE_FIRST_SHOWN, countWords, placeFacts, readingMinutes } from '../content/derive';
import { DEFAULT_ITEM_LEVEL, type SpoilerLevel } from '../spoilers/levels';
import {
  EMPTY_LABEL,
  SECTION_NAMES,
  castNamedInStory,
  charactersAmongThem,
  firstToLast,
  kindLine,
  looseText,
  matchHeading,
  optionLetter,
  positionalId,
  quizTeaser,
  settingLine,
  splitMarker,
  themesAmongThem,
  type Marker,
  type MarkerKey,
  type SectionKey,
} from './page-text';

/**
 * Reads a page in the page format (see format-page.ts) into film content. Lenient: whatever it
 * cannot place is reported as a warning with its line number, derived lines are checked against
 * the counting rules, and the result always passes filmContentSchema.
 */

export type PageWarningKind =
  /** A derived line (a count, a list of names) disagrees with the content. */
  | 'count'
  /** A line the parser could not place in the content: skipped. */
  | 'unplaced'
  /** A marker that could not be used. */
  | 'marker'
  /** A heading that is unknown, repeated or names another title. */
  | 'section'
  /** Content that would not be valid (duplicate id, missing title, quiz question without an answer…). */
  | 'invalid';

export type PageWarning = { line: number; message: string; kind: PageWarningKind };

export type ParsePageResult =
  | { ok: true; content: FilmContent; warnings: PageWarning[] }
  | { ok: false; errors: PageWarning[]; warnings: PageWarning[] };

type Line = { n: number; text: string };
type Section = { key: SectionKey; heading: Line; body: Line[] };

/** State shared by the section readers. */
type Context = {
  title: string;
  warnings: PageWarning[];
  /** Derived-line checks, run once the whole page is read and validated. */
  checks: Array<(content: FilmContent) => void>;
  /** The line each parsed object came from, to name it in a later warning. */
  lineOf: WeakMap<object, number>;
  /** The heading line of each section, for warnings about a whole field. */
  sectionLine: Map<string, number>;
};

const MAX_TITLE = 300;

export function parsePage(text: string): ParsePageResult {
  const lines = toLines(text);
  const title = findTitle(lines);
  if (!title || title.text.length > MAX_TITLE) {
    const message = title
      ? `The title “${title.text.slice(0, 40)}…” is longer than ${MAX_TITLE} characters`
      : 'No title found: the page needs a heading such as “What Is {title} About?”';
    const error: PageWarning = { line: title?.line ?? 1, message, kind: 'invalid' };
    return { ok: false, errors: [error], warnings: [] };
  }

  const ctx: Context = { title: title.text, warnings: [], checks: [], lineOf: new WeakMap(), sectionLine: new Map() };
  const sections = splitSections(lines, ctx);
  const draft = readSections(sections, ctx);
  const content = validate(draft, ctx);
  for (const check of ctx.checks) check(content);
  ctx.warnings.sort((a, b) => a.line - b.line);
  return { ok: true, content, warnings: ctx.warnings };
}

// ---------------------------------------------------------------------------------------------
// Lines and sections

function toLines(text: string): Line[] {
  return text
    .replace(/^\uFEFF/u, '')
    .split(/\r\n|\r|\n/u)
    .map((raw, index) => ({ n: index + 1, text: raw.trim() }))
    .filter((line) => line.text !== '');
}

function findTitle(lines: Line[]): { text: string; line: number } | null {
  for (const line of lines) {
    const title = matchHeading(line.text)?.title;
    if (title) return { text: title, line: line.n };
  }
  return null;
}

function warn(ctx: Context, line: number, kind: PageWarningKind, message: string) {
  ctx.warnings.push({ line, kind, message });
}

const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;

function unplaced(ctx: Context, line: Line, where: string) {
  warn(ctx, line.n, 'unplaced', `Not understood in the ${where}, skipped: ${quoted(line.text)}`);
}

/** A heading we don't know: a short question naming the film ("Where Can I Watch X?"). */
function looksLikeUnknownHeading(text: string, title: string): boolean {
  return (
    text.length <= 120 &&
    text.endsWith('?') &&
    looseText(text).includes(looseText(title)) &&
    !/^(Q\d+[.)]|\*?\s*[a-z]\))/iu.test(text)
  );
}

function splitSections(lines: Line[], ctx: Context): Section[] {
  const sections: Section[] = [];
  const seen = new Set<SectionKey>();
  let current: { body: Line[] } | null = null;
  let skipped: { heading: Line; body: Line[] } | null = null;
  const finishSkipped = () => {
    if (!skipped) return;
    const { heading, body } = skipped;
    const range = body.length > 0 ? `; its ${body.length} line${body.length === 1 ? '' : 's'} (${body[0].n}–${body[body.length - 1].n}) were skipped` : '';
    warn(ctx, heading.n, 'section', `Unknown or repeated section ${quoted(heading.text)}${range}`);
    skipped = null;
  };

  for (const line of lines) {
    const match = matchHeading(line.text);
    if (match || looksLikeUnknownHeading(line.text, ctx.title)) {
      finishSkipped();
      if (match && !seen.has(match.section)) {
        if (match.title !== null && looseText(match.title) !== looseText(ctx.title)) {
          warn(ctx, line.n, 'section', `This heading names “${match.title}”; the page is about “${ctx.title}”`);
        }
        seen.add(match.section);
        const section: Section = { key: match.section, heading: line, body: [] };
        ctx.sectionLine.set(match.section, line.n);
        sections.push(section);
        current = section;
      } else {
        skipped = { heading: line, body: [] };
        current = skipped;
      }
      continue;
    }
    if (current) current.body.push(line);
    else warn(ctx, line.n, 'unplaced', `Text before the first section, skipped: ${quoted(line.text)}`);
  }
  finishSkipped();
  return sections;
}

type Draft = {
  slug: string;
  releaseYear: number | null;
  premise: string;
  story: string;
  events: TimelineEvent[];
  characters: Character[];
  setting: FilmContent['setting'];
  themes: Theme[];
  kind: FilmContent['kind'];
  quiz: FilmContent['quiz'];
};

function readSections(sections: Section[], ctx: Context): Draft {
  const draft: Draft = {
    slug: slugify(ctx.title),
    releaseYear: null,
    premise: '',
    story: '',
    events: [],
    characters: [],
    setting: { era: '', when: '', place: '', where: '', tags: [], spoiler: DEFAULT_ITEM_LEVEL },
    themes: [],
    kind: emptyKind(),
    quiz: { questions: [] },
  };
  for (const { key, body } of sections) {
    if (key === 'premise') Object.assign(draft, readPremise(body, ctx));
    else if (key === 'story') draft.story = readStory(body, ctx);
    else if (key === 'timeline') draft.events = readTimeline(body, ctx);
    else if (key === 'characters') draft.characters = readCharacters(body, ctx);
    else if (key === 'setting') draft.setting = readSetting(body, ctx);
    else if (key === 'themes') draft.themes = readThemes(body, ctx);
    else if (key === 'kind') draft.kind = readKind(body, ctx);
    else draft.quiz = { questions: readQuiz(body, ctx) };
  }
  return draft;
}

function emptyKind(): FilmContent['kind'] {
  const trait = () => ({ value: '', spoiler: DEFAULT_ITEM_LEVEL });
  return {
    tone: trait(),
    pacing: trait(),
    story: trait(),
    intensity: trait(),
    ending: trait(),
    summary: { text: '', spoiler: DEFAULT_ITEM_LEVEL },
    moods: [],
    contentNotes: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Shared helpers for the section readers

const joinParagraphs = (lines: string[]) => lines.join('\n\n');
const numberIn = (text: string) => Number(text.replace(/,/gu, ''));
const isDashLine = (text: string) => /^-(\s|$)/u.test(text);
const afterDash = (text: string) => text.replace(/^-\s*/u, '');

/** A derived number on the page disagrees with the one counted from the content. */
function checkCount(ctx: Context, line: Line, what: string, claimed: number, actual: number) {
  if (claimed !== actual) warn(ctx, line.n, 'count', `The page says ${claimed} ${what}, the content has ${actual}`);
}

/** A derived phrase (names, first and last event…) disagrees with the content. */
function checkPhrase(ctx: Context, line: Line, what: string, written: string, expected: string) {
  if (looseText(written) !== looseText(expected)) {
    warn(ctx, line.n, 'count', `The page gives ${what} as ${quoted(written)}; from the content it reads ${quoted(expected)}`);
  }
}

/** Splits off a line's marker, reporting keys that don't belong there and values that can't be used. */
function readMarker(ctx: Context, line: Line, text: string, allowed: MarkerKey[]): { text: string; marker: Marker } {
  const { text: rest, marker, problems } = splitMarker(text);
  for (const problem of problems) warn(ctx, line.n, 'marker', problem);
  for (const key of Object.keys(marker) as MarkerKey[]) {
    if (!allowed.includes(key)) {
      warn(ctx, line.n, 'marker', `A “${key}” marker is not used on this line`);
      delete marker[key];
    }
  }
  return { text: rest, marker };
}

type Pending<T> = { item: T; explicitId?: string; line: number };

/**
 * Gives each item its marker id or its positional one, keeping ids unique (a repeated id is
 * reported and replaced) so the page always validates.
 */
function assignIds<T extends { id: string }>(ctx: Context, pending: Pending<T>[], idAt: (index: number) => string): T[] {
  const used = new Set<string>();
  return pending.map(({ item, explicitId, line }, index) => {
    let id = explicitId ?? idAt(index);
    if (explicitId !== undefined && (!itemIdSchema.safeParse(explicitId).success || used.has(explicitId))) {
      const why = used.has(explicitId) ? 'is used twice' : 'is not a valid id';
      id = idAt(index);
      warn(ctx, line, 'marker', `The id “${explicitId}” ${why}; using “${id}”`);
    }
    for (let extra = 2; used.has(id); extra += 1) id = `${idAt(index)}-${extra}`;
    used.add(id);
    item.id = id;
    ctx.lineOf.set(item, line);
    return item;
  });
}

/** "- 🎯 Teen athlete": a first token without a letter or digit is the emoji. */
function readTag(ctx: Context, line: Line): Tag {
  const text = afterDash(line.text);
  const [first, ...rest] = text.split(/\s+/u);
  const tag = rest.length > 0 && !/[\p{L}\p{N}]/u.test(first) ? { emoji: first, label: rest.join(' ') } : { emoji: '', label: text };
  ctx.lineOf.set(tag, line.n);
  return tag;
}

// ---------------------------------------------------------------------------------------------
// Premise and story

const PREMISE_LINE = /^The premise of .+ in ([\d,]+) words?\b/iu;

function readPremise(body: Line[], ctx: Context): Pick<Draft, 'premise'> & Partial<Pick<Draft, 'releaseYear' | 'slug'>> {
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

function readStory(body: Line[], ctx: Context): string {
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

function readTimeline(body: Line[], ctx: Context): TimelineEvent[] {
  const drafts: EventDraft[] = [];
  body.forEach((line, index) => {
    const current = drafts[drafts.length - 1];
    if (index === 0 && TIMELINE_LINE.test(line.text)) return void ctx.checks.push((content) => checkTimelineLine(ctx, line, content));
    const showOthers = SHOW_OTHERS_LINE.exec(line.text);
    if (showOthers) return void checkShowOthers(ctx, line, Number(showOthers[1]), drafts.length);
    if (EVENT_NUMBER.test(line.text)) return void drafts.push({ number: line, description: [], when: '', where: '', closed: false });
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

function readCharacters(body: Line[], ctx: Context): Character[] {
  const drafts: CharacterDraft[] = [];
  let expectName = false;
  const startCharacter = (line: Line) => {
    drafts.push({ name: { ...line, ...readMarker(ctx, line, line.text, ['spoiler', 'id']) }, description: [], tags: [], stage: 'actor' });
    expectName = false;
  };

  body.forEach((line, index) => {
    const next = body[index + 1];
    const current = drafts[drafts.length - 1];
    if (index === 0 && CHARACTERS_LINE.test(line.text)) return void ctx.checks.push((content) => checkCharactersLine(ctx, line, content));
    if (expectName) return startCharacter(line);
    if (isAvatarLine(line, next)) return void (expectName = true);
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
  if (expectName) warn(ctx, body[body.length - 1].n, 'unplaced', 'An avatar line with no character after it, skipped');
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

function readSetting(body: Line[], ctx: Context): FilmContent['setting'] {
  const setting: FilmContent['setting'] = { era: '', when: '', place: '', where: '', tags: [], spoiler: DEFAULT_ITEM_LEVEL };
  const text = { when: [] as string[], where: [] as string[] };
  let stage: 'lead' | 'era' | 'when' | 'place' | 'where' | 'tags' = 'lead';
  const short = (value: string) => (value === EMPTY_LABEL ? '' : value);

  body.forEach((line, index) => {
    if (line.text === 'When') return void (stage = 'era');
    if (line.text === 'Where') return void (stage = 'place');
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
    if (stage === 'era') return void ((setting.era = short(line.text)), (stage = 'when'));
    if (stage === 'place') return void ((setting.place = short(line.text)), (stage = 'where'));
    if (stage === 'when' || stage === 'where') return void text[stage].push(line.text);
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

function readThemes(body: Line[], ctx: Context): Theme[] {
  const drafts: ThemeDraft[] = [];
  body.forEach((line, index) => {
    const current = drafts[drafts.length - 1];
    if (index === 0 && THEMES_LINE.test(line.text)) return void ctx.checks.push((content) => checkThemesLine(ctx, line, content));
    if (line.text === '-') return void drafts.push({ start: line, description: [] });
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

function readKind(body: Line[], ctx: Context): FilmContent['kind'] {
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

function readQuiz(body: Line[], ctx: Context): QuizQuestion[] {
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
    if (option && current.stage === 'options') return void current.options.push(readOption(ctx, line, option, current.options.length));
    const explanation = EXPLANATION.exec(line.text);
    if (explanation) {
      current.stage = 'explanation';
      if (explanation[1]) current.explanation.push(explanation[1]);
      return;
    }
    if (current.stage === 'explanation') return void current.explanation.push(line.text);
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

// ---------------------------------------------------------------------------------------------
// Validation: whatever the schema refuses is left out (or shortened) with a warning, never fatal.

const REMOVABLE_LISTS: Array<{ path: Array<string | '#'>; what: string }> = [
  { path: ['quiz', 'questions'], what: 'quiz question' },
  { path: ['characters', '#', 'tags'], what: 'tag' },
  { path: ['characters'], what: 'character' },
  { path: ['setting', 'tags'], what: 'tag' },
  { path: ['events'], what: 'event' },
  { path: ['themes'], what: 'theme' },
  { path: ['kind', 'moods'], what: 'mood keyword' },
  { path: ['kind', 'contentNotes'], what: 'content note' },
];

type Path = Array<string | number>;

function validate(draft: Draft, ctx: Context): FilmContent {
  const input: Record<string, unknown> = { title: ctx.title, ...draft };
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const result = filmContentSchema.safeParse(input);
    if (result.success) return result.data;
    repair(input, result.error.issues, ctx);
  }
  // Unreachable in practice: every repair removes or shortens something.
  throw new Error('The imported page could not be made valid');
}

function repair(input: Record<string, unknown>, issues: z.ZodError['issues'], ctx: Context) {
  const removals = new Map<string, { list: unknown[]; index: number; what: string; line: number; message: string }>();
  for (const issue of issues) {
    const path = issue.path as Path;
    const line = lineFor(input, path, ctx);
    const value = valueAt(input, path);
    if (issue.code === 'too_big' && typeof value === 'string') {
      setAt(input, path, value.slice(0, Number(issue.maximum)));
      warn(ctx, line, 'invalid', `Shortened to ${issue.maximum} characters (${path.join('.')})`);
      continue;
    }
    const target = removableItem(path);
    if (target) {
      const list = valueAt(input, target.listPath) as unknown[];
      removals.set(`${target.listPath.join('.')}.${target.index}`, { list, index: target.index, what: target.what, line, message: issue.message });
    } else {
      setAt(input, path, undefined);
      warn(ctx, line, 'invalid', `${issue.message} (${path.join('.')}); left empty`);
    }
  }
  const ordered = [...removals.values()].sort((a, b) => b.index - a.index);
  for (const { list, index, what, line, message } of ordered) {
    list.splice(index, 1);
    warn(ctx, line, 'invalid', `This ${what} was left out: ${message}`);
  }
}

function removableItem(path: Path): { listPath: Path; index: number; what: string } | null {
  for (const { path: pattern, what } of REMOVABLE_LISTS) {
    const matches = pattern.every((part, i) => (part === '#' ? typeof path[i] === 'number' : path[i] === part));
    const index = path[pattern.length];
    if (matches && typeof index === 'number') return { listPath: path.slice(0, pattern.length), index, what };
  }
  return null;
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);
}

function setAt(root: unknown, path: Path, value: unknown) {
  const parent = valueAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]] = value;
}

/** The line of the deepest object on the path that came from a known line, else its section's heading. */
function lineFor(root: unknown, path: Path, ctx: Context): number {
  let line = ctx.sectionLine.get(sectionOf(path)) ?? 1;
  let node: unknown = root;
  for (const key of path) {
    node = (node as Record<string | number, unknown> | undefined)?.[key];
    if (node && typeof node === 'object') line = ctx.lineOf.get(node) || line;
  }
  return line;
}

function sectionOf(path: Path): string {
  const top = String(path[0]);
  if (top === 'events') return 'timeline';
  if (top === 'releaseYear' || top === 'slug' || top === 'title') return 'premise';
  return top in SECTION_NAMES ? top : 'premise';
}
