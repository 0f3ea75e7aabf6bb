import fc from 'fast-check';
import { filmContentSchema, slugify, type FilmContent, type FilmContentInput } from '../../lib/content/schema';
import { PAGE_PARTS, type AnyPart } from '../../lib/page/parts';
import { SPOILER_LEVELS } from '../../lib/spoilers/levels';
import { CONTENT_NOTE_KINDS } from '../../lib/content/content-note-kinds';

/**
 * Realistic generated film pages for the bulk seed and the scale benchmark: English prose whose
 * words follow a skewed (Zipf-like) frequency, as real text does, so a search for a common word
 * matches many films and a rare one few; a shared pool of actors, so people have several films;
 * every part of the registry's (lib/page/parts.ts) but images, whose uploads the catalogue has
 * none of, at mixed spoiler levels.
 * Deterministic: film `n` is always the same page (fast-check, seeded with `n`).
 */

const VOCABULARY = (
  'the a and of to in her his their she he they with on at for from after before into over ' +
  'home town city family friend father mother sister brother daughter son team coach rival partner ' +
  'night morning winter summer year years day week season road train river house school hospital ' +
  'finds leaves returns loses wins learns hides meets follows discovers remembers fights trains ' +
  'secret letter promise debt accident storm fire crash wedding funeral trial election contest ' +
  'old young quiet angry tired hopeful lonely stubborn careful reckless brave gentle bitter ' +
  'music dance painting skating boxing chess cooking farming sailing climbing racing singing ' +
  'war peace money love grief guilt trust fear memory freedom silence work luck time ' +
  'village harbour desert island mountain valley factory border prison theatre studio market ' +
  'inspector doctor teacher pilot soldier farmer lawyer nurse singer painter sailor miner ' +
  'stolen broken hidden forgotten last first final second missing distant borrowed ' +
  'together alone again never always slowly suddenly finally quietly ' +
  'lighthouse orchard vineyard monastery observatory greenhouse carnival regatta ' +
  'telegram photograph violin typewriter suitcase compass lantern medal'
).split(' ');
const FIRST_NAMES =
  'Ada Ben Clara Dev Elif Femi Greta Hugo Ines Jonas Kaia Luca Mira Nils Omar Petra Quinn Rosa Sami Tove Uma Viktor Wren Yara Zane'.split(
    ' ',
  );
const LAST_NAMES =
  'Abbott Baranski Castell Dahl Eze Fournier Garza Halloran Ito Jansen Kowalczyk Lindqvist Moreau Novak Okafor Petrov Quint Rinaldi Sato Thorne Ueda Varga Whitlock Xu Young Zamora'.split(
    ' ',
  );
const EMOJI = ['', '🎬', '🏙️', '🌊', '🎻', '⛰️', '🕯️', '🚂'];

/** Index into a list with a skewed distribution: the first entries are far more likely. */
const skewed = <T>(items: readonly T[]) =>
  fc.noBias(fc.integer({ min: 0, max: 999_999 })).map((r) => items[Math.floor(items.length * (r / 1e6) ** 2)]);
const word = skewed(VOCABULARY);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const phrase = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => capitalise(w.join(' ')));
const sentence = phrase(6, 16).map((s) => `${s}.`);
const paragraph = fc.array(sentence, { minLength: 2, maxLength: 5 }).map((s) => s.join(' '));
const text = (min: number, max: number) => fc.array(paragraph, { minLength: min, maxLength: max }).map((p) => p.join('\n\n'));
const spoiler = fc.constantFrom(...SPOILER_LEVELS);
const tag = fc.record({ emoji: fc.constantFrom(...EMOJI), label: phrase(1, 2) });

/** About two actors per film in the pool, so most people play in several films. */
const person = (films: number) => {
  const pool = Math.max(20, films * 2);
  return fc.noBias(fc.nat({ max: pool - 1 })).map((i) => {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}${i >= FIRST_NAMES.length * LAST_NAMES.length ? ` ${Math.floor(i / (FIRST_NAMES.length * LAST_NAMES.length)) + 1}` : ''}`;
    return { name, slug: slugify(name) };
  });
};

const GENRES = ['Drama', 'Comedy', 'Thriller', 'Romance', 'Sports Film', 'Documentary', 'Mystery', 'Adventure', 'Musical', 'War Film'];

/** What a part's generator may use: the film's number and the catalogue's size. */
type Catalogue = { n: number; films: number };
/** The content a part holds: its keys of the page (as the schema takes them in). */
type PartContent<P extends AnyPart> = Pick<FilmContentInput, P['keys'][number]>;

/**
 * A generator per part, keyed by part id: the compiler makes it hold exactly the registry's parts,
 * so a new part is generated too (or says here why not). The page is their union, in page order.
 */
const PART_GENERATORS: { [P in AnyPart as P['id']]: (catalogue: Catalogue) => fc.Arbitrary<PartContent<P>> } = {
  film: ({ n }) =>
    fc.record({ title: phrase(1, 4), releaseYear: fc.integer({ min: 1920, max: 2025 }) }).map((film) => ({
      ...film,
      slug: `${slugify(film.title)}-${n}`,
    })),
  premise: () => fc.record({ premise: text(1, 1) }),
  facts: () =>
    fc.record({
      facts: fc.record({
        runtimeMinutes: fc.integer({ min: 70, max: 190 }),
        genres: fc.uniqueArray(skewed(GENRES), { minLength: 1, maxLength: 3 }),
      }),
    }),
  story: () => fc.record({ story: text(3, 6) }),
  timeline: () =>
    fc.record({
      events: fc
        .tuple(
          fc.array(fc.record({ title: phrase(2, 5), description: text(1, 1), when: phrase(1, 3), where: phrase(1, 2), spoiler }), {
            minLength: 4,
            maxLength: 14,
          }),
          fc.integer({ min: 70, max: 180 }),
        )
        // Each event at its minute into the film, spread evenly over the running time.
        .map(([events, span]) =>
          events.map((e, i) => ({ id: `e${i + 1}`, ...e, minute: Math.round(((i + 1) * span) / (events.length + 1)) })),
        ),
    }),
  characters: ({ films }) =>
    fc.record({
      characters: fc
        .array(
          fc.record({
            name: phrase(1, 2),
            playedBy: fc.option(person(films), { nil: null, freq: 6 }),
            description: text(1, 1),
            tags: fc.array(tag, { maxLength: 2 }),
            spoiler,
          }),
          { minLength: 2, maxLength: 8 },
        )
        .map((characters) => {
          // Names must be unique within a page (one actor, one part).
          const seen = new Set<string>();
          return characters.map((c, i) => {
            const playedBy = c.playedBy && !seen.has(c.playedBy.slug) ? c.playedBy : null;
            if (playedBy) seen.add(playedBy.slug);
            return { id: `c${i + 1}`, ...c, playedBy };
          });
        }),
    }),
  setting: () =>
    fc.record({
      setting: fc.record({
        era: phrase(1, 2),
        when: sentence,
        place: phrase(1, 3),
        where: paragraph,
        tags: fc.array(tag, { maxLength: 2 }),
        spoiler,
      }),
    }),
  themes: () =>
    fc.record({
      themes: fc
        .array(fc.record({ title: phrase(1, 3), description: paragraph, spoiler }), { minLength: 1, maxLength: 5 })
        .map((themes) => themes.map((t, i) => ({ id: `t${i + 1}`, ...t }))),
    }),
  kind: () =>
    fc
      .record({
        tone: fc.record({ value: phrase(1, 2), spoiler }),
        summary: fc.record({ text: paragraph, spoiler }),
        moods: fc.array(fc.record({ label: phrase(1, 2), spoiler }), { maxLength: 4 }),
        contentNotes: fc.array(fc.record({ label: phrase(1, 2), kind: fc.constantFrom(...CONTENT_NOTE_KINDS), spoiler }), { maxLength: 3 }),
      })
      .map((kind) => ({
        kind: {
          tone: kind.tone,
          pacing: { value: 'Steady', spoiler: 'none' as const },
          story: { value: 'Linear', spoiler: 'none' as const },
          intensity: { value: 'Moderate', spoiler: 'light' as const },
          ending: { value: 'Open', spoiler: 'full' as const },
          summary: kind.summary,
          moods: kind.moods.map((m, i) => ({ id: `m${i + 1}`, ...m })),
          contentNotes: kind.contentNotes.map((c, i) => ({ id: `n${i + 1}`, ...c })),
        },
      })),
  trivia: () =>
    fc.record({
      trivia: fc
        .array(fc.record({ text: paragraph, source: fc.option(phrase(2, 5), { nil: '', freq: 2 }), spoiler }), { maxLength: 6 })
        .map((trivia) => trivia.map((t, i) => ({ id: `tr${i + 1}`, ...t }))),
    }),
  // Images name stored uploads (ImageAsset rows); the bulk catalogue has none.
  images: () => fc.constant({ poster: null, stills: [] }),
  quiz: () =>
    fc.record({
      quiz: fc
        .array(
          fc.record({
            prompt: phrase(4, 10).map((s) => `${s}?`),
            options: fc.array(phrase(1, 4), { minLength: 2, maxLength: 4 }),
            correct: fc.nat(),
            explanation: sentence,
            spoiler,
          }),
          { maxLength: 5 },
        )
        .map((questions) => ({
          questions: questions.map((q, qi) => {
            const texts = [...new Set(q.options.map((o) => o.toLowerCase()))];
            const options = texts.length >= 2 ? texts : [...texts, 'None of these'];
            return {
              id: `q${qi + 1}`,
              prompt: q.prompt,
              explanation: q.explanation,
              spoiler: q.spoiler,
              options: options.map((o, i) => ({
                id: `q${qi + 1}o${i + 1}`,
                text: capitalise(o),
                correct: i === q.correct % options.length,
              })),
            };
          }),
        })),
    }),
};

/** Every part's generator (the registry's, in page order), their contents one page. */
const filmArbitrary = (catalogue: Catalogue) =>
  fc
    .tuple(...PAGE_PARTS.map((part) => PART_GENERATORS[part.id](catalogue) as fc.Arbitrary<Partial<FilmContentInput>>))
    .map((contents) => filmContentSchema.parse(Object.assign({}, ...contents)));

/** Film number `n` (0-based) of a catalogue of `films`; the same page every time. */
export function generateFilm(n: number, films: number): FilmContent {
  return fc.sample(fc.noBias(filmArbitrary({ n, films })), { seed: n + 1, numRuns: 1 })[0];
}
