import { z } from 'zod';
import './plain-messages';
import { DEFAULT_ITEM_LEVEL, spoilerLevelSchema } from '../spoilers/levels';

/**
 * The film page as one JSON object: the single content schema shared by the editor forms,
 * the API, the importer and the revisions. A revision stores exactly this object.
 */

const MAX_TEXT = 40_000;
const MAX_SHORT = 300;

const trimmed = (max: number) => z.string().trim().max(max);
const requiredText = (max: number, what: string) =>
  z.string().trim().min(1, `${what} is required`).max(max);

/** Stable identity of a list item: diffs match items by it, the quiz API answers by it. */
export const itemIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use 1 to 64 letters, digits, - or _');

export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens');

const spoiler = spoilerLevelSchema.default(DEFAULT_ITEM_LEVEL);

export const tagSchema = z.object({
  emoji: trimmed(32).default(''),
  label: requiredText(80, 'Tag label'),
});

export const personRefSchema = z.object({
  name: requiredText(MAX_SHORT, 'Name'),
  slug: slugSchema,
});

export const eventSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  description: trimmed(MAX_TEXT).default(''),
  when: trimmed(MAX_SHORT).default(''),
  where: trimmed(MAX_SHORT).default(''),
  spoiler,
});

export const characterSchema = z.object({
  id: itemIdSchema,
  name: requiredText(MAX_SHORT, 'Name'),
  playedBy: personRefSchema.nullable().default(null),
  description: trimmed(MAX_TEXT).default(''),
  tags: z.array(tagSchema).max(20).default([]),
  spoiler,
});

export const settingSchema = z.object({
  era: trimmed(MAX_SHORT).default(''),
  when: trimmed(MAX_TEXT).default(''),
  place: trimmed(MAX_SHORT).default(''),
  where: trimmed(MAX_TEXT).default(''),
  tags: z.array(tagSchema).max(20).default([]),
  spoiler,
});

export const themeSchema = z.object({
  id: itemIdSchema,
  title: requiredText(MAX_SHORT, 'Title'),
  description: trimmed(MAX_TEXT).default(''),
  spoiler,
});

export const TRAIT_KEYS = ['tone', 'pacing', 'story', 'intensity', 'ending'] as const;
export type TraitKey = (typeof TRAIT_KEYS)[number];
export const TRAIT_LABELS: Record<TraitKey, string> = {
  tone: 'Tone',
  pacing: 'Pacing',
  story: 'Story',
  intensity: 'Intensity',
  ending: 'Ending',
};

/** A short kind-of-film value; "Ending: Sad" is itself a spoiler, so each value has its level. */
export const traitSchema = z.object({ value: trimmed(80).default(''), spoiler });

export const labelItemSchema = z.object({
  id: itemIdSchema,
  label: requiredText(120, 'Label'),
  spoiler,
});

const emptyTrait = () => ({ value: '', spoiler: DEFAULT_ITEM_LEVEL });

export const kindSchema = z.object({
  tone: traitSchema.default(emptyTrait),
  pacing: traitSchema.default(emptyTrait),
  story: traitSchema.default(emptyTrait),
  intensity: traitSchema.default(emptyTrait),
  ending: traitSchema.default(emptyTrait),
  summary: z.object({ text: trimmed(MAX_TEXT).default(''), spoiler }).default(() => ({ text: '', spoiler: DEFAULT_ITEM_LEVEL })),
  moods: z.array(labelItemSchema).max(50).default([]),
  contentNotes: z.array(labelItemSchema).max(50).default([]),
});

export const quizOptionSchema = z.object({
  id: itemIdSchema,
  text: requiredText(MAX_SHORT, 'Option'),
  correct: z.boolean().default(false),
});

export const quizQuestionSchema = z
  .object({
    id: itemIdSchema,
    prompt: requiredText(1000, 'Prompt'),
    options: z.array(quizOptionSchema).min(2, 'Give at least 2 options').max(6, 'Give at most 6 options'),
    explanation: trimmed(4000).default(''),
    spoiler,
  })
  .superRefine((question, ctx) => {
    const correct = question.options.filter((o) => o.correct).length;
    if (correct !== 1) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Mark exactly one option as correct' });
    }
    const seen = new Map<string, number>();
    question.options.forEach((option, index) => {
      const key = option.text.trim().toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['options', index, 'text'], message: 'Options must differ' });
      }
      seen.set(key, index);
    });
    uniqueIds(question.options, ['options'], ctx);
  });

export const quizSchema = z.object({
  questions: z.array(quizQuestionSchema).max(100).default([]),
});

// ---------------------------------------------------------------- film facts (issue 17)
// The infobox: release date, runtime, credits, genres, countries, languages, ratings, external ids.
// Facts are not spoilers, so unlike every other item they carry no spoiler level.

/** "2017-02-10": an ISO calendar date that exists (no 2017-02-30), or "" for unknown. */
export const isoDateSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    if (text === '' || isRealDate(text)) return;
    ctx.addIssue({ code: 'custom', message: /^\d{4}-\d{2}-\d{2}$/.test(text) ? 'Enter a date that exists' : 'Enter a date as YYYY-MM-DD' });
  });

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** The English name of an ISO 3166-1 alpha-2 country code ("CA" → "Canada"), or the code when unknown. */
export const countryName = (code: string) => regionNames.of(code) ?? code;
/** The English name of an ISO 639 language code ("en" → "English"), or the code when unknown. */
export const languageName = (code: string) => languageNames.of(code) ?? code;

const knownName = (names: Intl.DisplayNames, code: string) => {
  try {
    return names.of(code) !== undefined;
  } catch {
    return false;
  }
};

/** A code in its pattern that Intl names: one message, the first that applies. */
const codeSchema = (pattern: RegExp, formatMessage: string, names: Intl.DisplayNames, unknownMessage: string) =>
  z
    .string()
    .trim()
    .superRefine((code, ctx) => {
      if (!pattern.test(code)) ctx.addIssue({ code: 'custom', message: formatMessage });
      else if (!knownName(names, code)) ctx.addIssue({ code: 'custom', message: unknownMessage });
    });

export const countryCodeSchema = codeSchema(/^[A-Z]{2}$/, 'Use a two-letter country code such as CA (ISO 3166)', regionNames, 'Unknown country code');
export const languageCodeSchema = codeSchema(/^[a-z]{2,3}$/, 'Use a two- or three-letter language code such as en (ISO 639)', languageNames, 'Unknown language code');

export const factsSchema = z
  .object({
    /** "" when unknown. Its year must be the film's releaseYear (checked on the whole page). */
    releaseDate: isoDateSchema.default(''),
    runtimeMinutes: z
      .number()
      .int('Enter whole minutes')
      .min(1, 'Enter a runtime between 1 and 1000 minutes')
      .max(1000, 'Enter a runtime between 1 and 1000 minutes')
      .nullable()
      .default(null),
    directors: z.array(personRefSchema).max(20).default([]),
    writers: z.array(personRefSchema).max(30).default([]),
    genres: z.array(requiredText(60, 'Genre')).max(20).default([]),
    countries: z.array(countryCodeSchema).max(30).default([]),
    languages: z.array(languageCodeSchema).max(30).default([]),
    /** Free text naming the country: "Canada: PG". */
    ageRatings: z.array(requiredText(80, 'Age rating')).max(30).default([]),
    imdbId: z.string().trim().regex(/^(tt\d{7,})?$/, 'Use an IMDb id such as tt1234567').default(''),
    wikidataId: z.string().trim().regex(/^(Q[1-9]\d*)?$/, 'Use a Wikidata id such as Q42').default(''),
  })
  .superRefine((facts, ctx) => {
    for (const key of ['directors', 'writers'] as const) uniqueBy(facts[key], (p) => p.slug, [key], 'slug', 'This person is listed twice', ctx);
    uniqueBy(facts.genres, genreKey, ['genres'], null, 'This genre is listed twice', ctx);
    uniqueBy(facts.countries, (c) => c, ['countries'], null, 'This country is listed twice', ctx);
    uniqueBy(facts.languages, (l) => l, ['languages'], null, 'This language is listed twice', ctx);
  });

export const emptyFacts = () => factsSchema.parse({});

/** How a genre is matched (home page filter, duplicates): "Sports Film" and "sports film" are one genre. */
export const genreKey = (genre: string) => genre.trim().toLocaleLowerCase('en');

function uniqueBy<T>(items: T[], keyOf: (item: T) => string, path: (string | number)[], field: string | null, message: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: field ? [...path, index, field] : [...path, index], message });
    seen.add(key);
  });
}

// ---------------------------------------------------------------- end of film facts

function uniqueIds(items: { id: string }[], path: (string | number)[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) {
      ctx.addIssue({ code: 'custom', path: [...path, index, 'id'], message: 'Duplicate id' });
    }
    seen.add(item.id);
  });
}


// ---------------------------------------------------------------- images (issue 17): poster and stills
// An image is referenced by the id of a stored ImageAsset (lib/media); the page holds only the id,
// the words about it and its spoiler level. A still from the ending is `full`: never sent below it.

/** An ImageAsset id: the first 32 hex digits of the SHA-256 of the original upload (content-addressed). */
export const imageIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Use the id of an uploaded image');

const altText = requiredText(MAX_SHORT, 'Alt text');

export const posterSchema = z.object({
  image: imageIdSchema,
  alt: altText,
  spoiler,
});

export const stillSchema = z.object({
  id: itemIdSchema,
  image: imageIdSchema,
  alt: altText,
  caption: trimmed(MAX_SHORT).default(''),
  spoiler,
});

const imageFields = {
  poster: posterSchema.nullable().default(null),
  stills: z.array(stillSchema).max(50).default([]),
};
// ---------------------------------------------------------------- end of images

export const filmContentSchema = z
  .object({
    title: requiredText(MAX_SHORT, 'Title'),
    slug: slugSchema,
    releaseYear: z.number().int('Enter a whole year').min(1870, 'Enter a year between 1870 and 2100').max(2100, 'Enter a year between 1870 and 2100').nullable().default(null),
    premise: trimmed(MAX_TEXT).default(''),
    story: trimmed(MAX_TEXT * 2).default(''),
    events: z.array(eventSchema).max(300).default([]),
    characters: z.array(characterSchema).max(200).default([]),
    setting: settingSchema.default(() => settingSchema.parse({})),
    themes: z.array(themeSchema).max(100).default([]),
    kind: kindSchema.default(() => kindSchema.parse({})),
    quiz: quizSchema.default(() => ({ questions: [] })),
    ...imageFields,
    facts: factsSchema.default(emptyFacts),
  })
  .superRefine((content, ctx) => {
    uniqueIds(content.events, ['events'], ctx);
    uniqueIds(content.characters, ['characters'], ctx);
    uniqueIds(content.themes, ['themes'], ctx);
    uniqueIds(content.kind.moods, ['kind', 'moods'], ctx);
    uniqueIds(content.kind.contentNotes, ['kind', 'contentNotes'], ctx);
    uniqueIds(content.quiz.questions, ['quiz', 'questions'], ctx);
    uniqueIds(content.stills, ['stills'], ctx);
    const dateYear = isRealDate(content.facts.releaseDate) ? Number(content.facts.releaseDate.slice(0, 4)) : null;
    if (dateYear !== null && content.releaseYear !== dateYear) {
      ctx.addIssue({ code: 'custom', path: ['facts', 'releaseDate'], message: `The release date’s year must be the release year (${content.releaseYear ?? 'not set'})` });
    }
  });

/** What a form or API client sends (defaults not yet applied). */
export type FilmContentInput = z.input<typeof filmContentSchema>;
/** A validated page: what revisions store and everything downstream reads. */
export type FilmContent = z.output<typeof filmContentSchema>;
export type TimelineEvent = FilmContent['events'][number];
export type Character = FilmContent['characters'][number];
export type Theme = FilmContent['themes'][number];
export type Setting = FilmContent['setting'];
export type Kind = FilmContent['kind'];
export type Tag = z.output<typeof tagSchema>;
export type LabelItem = z.output<typeof labelItemSchema>;
export type QuizQuestion = FilmContent['quiz']['questions'][number];
export type PersonRef = z.output<typeof personRefSchema>;
export type Poster = z.output<typeof posterSchema>;
export type Still = z.output<typeof stillSchema>;
export type FilmFacts = FilmContent['facts'];

/** One error per wrong field, named by its path ("events.3.title"), as the API returns them. */
export type FieldError = { path: string; message: string };

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}

export type ParseResult =
  | { ok: true; content: FilmContent }
  | { ok: false; errors: FieldError[] };

export function parseFilmContent(input: unknown): ParseResult {
  const result = filmContentSchema.safeParse(input);
  return result.success ? { ok: true, content: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Slug from a title or a name: "Kiss and Cry" → "kiss-and-cry", accents folded. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/g, '');
  return slug || 'untitled';
}

/** A short random id for a new list item (not security relevant, only unique within a page). */
export function newItemId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);
}

/** An empty page with a title: what "create a film" starts from. */
export function emptyFilmContent(title: string, slug = slugify(title)): FilmContent {
  return filmContentSchema.parse({ title, slug });
}
