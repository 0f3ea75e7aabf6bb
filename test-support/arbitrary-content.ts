import fc from 'fast-check';
import { filmContentSchema, slugify, type FilmContent, type FilmContentInput } from '../lib/content/schema';
import { SPOILER_LEVELS } from '../lib/spoilers/levels';
import { CONTENT_NOTE_KINDS } from '../lib/content/content-note-kinds';

/**
 * Arbitrary film pages for property tests (test-only code). They cover what the page format can
 * carry: any spoiler levels, custom ids and slugs, empty fields, tricky characters (quotes, emoji,
 * accents, brackets, dashes, colons, commas) inside lines. One-line fields hold no line breaks and
 * every line starts with an ordinary word, as real prose does (a paragraph reading "- 5" or
 * "When:…" would be structure in this format, see format-page.ts).
 */

const FIRST_WORDS = ['Carley', 'Zoë', 'Ice', 'The', 'Naïve', 'Émile', 'Old', 'Twelve', 'Big', 'Ann'];
const WORDS = [
  'ice',
  'rink',
  'café',
  'naïve',
  '17-year-old',
  '“quoted”',
  '"straight"',
  "don't",
  'it’s',
  '(aside)',
  'a,b',
  'x:y',
  '—',
  '…',
  '2010s',
  'emoji🎯',
  '👩👧',
  '🎗️',
  'Toronto',
  'and',
  'the',
  'of',
  'When',
  'Where',
  'Quiz',
  'Played',
  'by',
  '-',
  '*',
  'a)',
  'Q1.',
  '>',
  'Content',
  'notes:',
  'Tone',
  '[x]',
  '½',
  'A(',
  'Ω',
];

const words = (min: number, max: number) =>
  fc
    .tuple(fc.constantFrom(...FIRST_WORDS), fc.array(fc.constantFrom(...WORDS), { minLength: min, maxLength: max }))
    .map(([first, rest]) => [first, ...rest].join(' '));

/** A title, name or label: one line. */
const short = words(0, 4);
const maybeShort = fc.oneof(fc.constant(''), short);
const sentence = words(0, 12).map((text) => `${text}.`);
/** Paragraphs joined the way the page reads them back. */
const text = (max: number, quotes = false) =>
  fc
    .array(
      quotes
        ? fc.oneof(
            sentence,
            sentence.map((s) => `> ${s}`),
          )
        : sentence,
      { minLength: 0, maxLength: max },
    )
    .map((paragraphs) => paragraphs.join('\n\n'));

const spoiler = fc.constantFrom(...SPOILER_LEVELS);
const customId = fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/u);
/** Mostly positional ids (undefined here), sometimes an id of the editor's own. */
const maybeId = fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: customId, weight: 1 });
const slug = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/u);

const EMOJI = ['🎯', '👩👧', '👩‍👧', '🎗️', '🏙️', '⚡', '🧑🏫', '🇨🇦', '❤'];
const tag = fc.record({ emoji: fc.constantFrom('', ...EMOJI), label: short });
const tags = fc.array(tag, { maxLength: 3 });

const person = fc.record({ name: short, customSlug: fc.option(slug, { nil: undefined }) }).map(({ name, customSlug }) => ({
  name,
  slug: customSlug ?? slugify(name),
}));

/** Facts: codes that Intl names, dates that exist; release date and year agree as the schema asks. */
const COUNTRIES = ['CA', 'FR', 'US', 'DE', 'JP', 'GB'];
const LANGUAGES = ['en', 'fr', 'de', 'ja', 'iu', 'yue'];
const facts = fc.record({
  day: fc.option(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })), { nil: null }),
  runtimeMinutes: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
  directors: fc.uniqueArray(person, { maxLength: 2, selector: (p) => p.slug }),
  writers: fc.uniqueArray(person, { maxLength: 3, selector: (p) => p.slug }),
  genres: fc.uniqueArray(short, { maxLength: 3, selector: (g) => g.toLowerCase() }),
  countries: fc.uniqueArray(fc.constantFrom(...COUNTRIES), { maxLength: 3 }),
  languages: fc.uniqueArray(fc.constantFrom(...LANGUAGES), { maxLength: 3 }),
  ageRatings: fc.array(
    fc.tuple(fc.constantFrom('Canada', 'France', 'US'), short).map(([country, rating]) => `${country}: ${rating}`),
    { maxLength: 2 },
  ),
  imdbId: fc.oneof(fc.constant(''), fc.stringMatching(/^tt\d{7,9}$/u)),
  wikidataId: fc.oneof(fc.constant(''), fc.stringMatching(/^Q[1-9]\d{0,6}$/u)),
});

const event = fc.record({
  id: maybeId,
  title: short,
  description: text(2),
  when: maybeShort,
  where: maybeShort,
  minute: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
  spoiler,
});
const character = fc.record({
  id: maybeId,
  name: short,
  playedBy: fc.option(person, { nil: null }),
  description: text(2),
  tags,
  spoiler,
});
const theme = fc.record({ id: maybeId, title: short, description: text(2), spoiler });
const triviaItem = fc.record({
  id: maybeId,
  text: fc.array(sentence, { minLength: 1, maxLength: 2 }).map((paragraphs) => paragraphs.join('\n\n')),
  source: maybeShort,
  spoiler,
});
const label = fc.record({
  id: maybeId,
  label: fc.oneof(
    short,
    short.map((s) => `${s}, etc.`),
  ),
  spoiler,
});
const contentNote = label.chain((note) => fc.constantFrom(...CONTENT_NOTE_KINDS).map((kind) => ({ ...note, kind })));
const trait = fc.record({ value: maybeShort, spoiler });

const question = fc
  .record({
    id: maybeId,
    prompt: short.map((s) => `${s}?`),
    options: fc.uniqueArray(fc.record({ id: maybeId, text: short }), {
      minLength: 2,
      maxLength: 6,
      selector: (option) => option.text.toLowerCase(),
    }),
    correctSeed: fc.nat(),
    explanation: text(2),
    spoiler,
  })
  .map(({ correctSeed, options, ...rest }) => ({
    ...rest,
    options: options.map((option, index) => ({ ...option, correct: index === correctSeed % options.length })),
  }));

const imageId = fc.stringMatching(/^[0-9a-f]{32}$/u);
const poster = fc.record({ image: imageId, alt: short, spoiler });
const still = fc.record({ id: maybeId, image: imageId, alt: short, caption: maybeShort, spoiler });

/** Gives items without a custom id their positional one, then makes every id unique. */
function withIds<T extends { id?: string }>(items: T[], idAt: (index: number) => string): Array<T & { id: string }> {
  const used = new Set<string>();
  return items.map((item, index) => {
    let id = item.id ?? idAt(index);
    while (used.has(id)) id = `${id}x`;
    used.add(id);
    return { ...item, id };
  });
}

/**
 * A person (a slug) has one name on a page, as the editor's people pickers give it: a generated
 * page that credits one slug under two names (possible through the API) would be published with
 * the person's one stored name, not what the page says.
 */
function oneNamePerPerson(input: FilmContentInput): FilmContentInput {
  const names = new Map<string, string>();
  const one = <P extends { name: string; slug: string }>(person: P): P => {
    if (!names.has(person.slug)) names.set(person.slug, person.name);
    return { ...person, name: names.get(person.slug)! };
  };
  return {
    ...input,
    facts: input.facts && {
      ...input.facts,
      directors: input.facts.directors?.map(one),
      writers: input.facts.writers?.map(one),
    },
    characters: input.characters?.map((character) => ({ ...character, playedBy: character.playedBy && one(character.playedBy) })),
  };
}

export const arbitraryFilmContent: fc.Arbitrary<FilmContent> = fc
  .record({
    title: short,
    customSlug: fc.option(slug, { nil: undefined }),
    releaseYear: fc.option(fc.integer({ min: 1870, max: 2100 }), { nil: null }),
    premise: text(3),
    story: text(4, true),
    // Often more than the 10 events the timeline shows before "Show the other N events".
    events: fc.oneof(fc.array(event, { maxLength: 4 }), fc.array(event, { minLength: 9, maxLength: 13 })),
    characters: fc.array(character, { maxLength: 4 }),
    setting: fc.record({ era: maybeShort, when: text(2), place: maybeShort, where: text(2), tags, spoiler }),
    themes: fc.array(theme, { maxLength: 4 }),
    kind: fc.record({
      tone: trait,
      pacing: trait,
      story: trait,
      intensity: trait,
      ending: trait,
      summary: fc.record({ text: text(2), spoiler }),
      moods: fc.array(label, { maxLength: 4 }),
      contentNotes: fc.array(contentNote, { maxLength: 5 }),
    }),
    trivia: fc.array(triviaItem, { maxLength: 4 }),
    questions: fc.array(question, { maxLength: 3 }),
    poster: fc.option(poster, { nil: null }),
    stills: fc.array(still, { maxLength: 3 }),
    facts: fc.oneof(fc.constant(undefined), facts),
  })
  .map(({ customSlug, questions, stills, facts: someFacts, ...page }) => {
    const input: FilmContentInput = {
      ...page,
      slug: customSlug ?? slugify(page.title),
      facts:
        someFacts &&
        (({ day, ...rest }) => ({
          ...rest,
          releaseDate:
            day && page.releaseYear !== null
              ? `${page.releaseYear}-${String(day[0]).padStart(2, '0')}-${String(day[1]).padStart(2, '0')}`
              : '',
        }))(someFacts),
      events: withIds(page.events, (i) => `e${i + 1}`),
      stills: withIds(stills, (i) => `s${i + 1}`),
      characters: withIds(page.characters, (i) => `c${i + 1}`),
      themes: withIds(page.themes, (i) => `t${i + 1}`),
      trivia: withIds(page.trivia, (i) => `tr${i + 1}`),
      kind: {
        ...page.kind,
        moods: withIds(page.kind.moods, (i) => `m${i + 1}`),
        contentNotes: withIds(page.kind.contentNotes, (i) => `n${i + 1}`),
      },
      quiz: {
        questions: withIds(questions, (i) => `q${i + 1}`).map((q, qi) => ({
          ...q,
          options: withIds(q.options, (i) => `q${qi + 1}o${i + 1}`),
        })),
      },
    };
    return filmContentSchema.parse(oneNamePerPerson(input));
  });
