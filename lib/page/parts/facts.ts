import { z } from 'zod';
import { isRealDate, personRefSchema, requiredText, uniqueBy, type PersonRef } from '../../content/fields';
import { definePart } from '../part';

/**
 * Film facts, the infobox: release date, runtime, credits, genres, countries, languages, ratings,
 * external ids. Facts are not spoilers, so unlike every other item they carry no spoiler level:
 * they are the same at every level.
 */

/** "2017-02-10": an ISO calendar date that exists (no 2017-02-30), or "" for unknown. */
export const isoDateSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    if (text === '' || isRealDate(text)) return;
    ctx.addIssue({ code: 'custom', message: /^\d{4}-\d{2}-\d{2}$/.test(text) ? 'Enter a date that exists' : 'Enter a date as YYYY-MM-DD' });
  });

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

export const countryCodeSchema = codeSchema(
  /^[A-Z]{2}$/,
  'Use a two-letter country code such as CA (ISO 3166)',
  regionNames,
  'Unknown country code',
);
export const languageCodeSchema = codeSchema(
  /^[a-z]{2,3}$/,
  'Use a two- or three-letter language code such as en (ISO 639)',
  languageNames,
  'Unknown language code',
);

/** How a genre is matched (home page filter, duplicates): "Sports Film" and "sports film" are one genre. */
export const genreKey = (genre: string) => genre.trim().toLocaleLowerCase('en');

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
    imdbId: z
      .string()
      .trim()
      .regex(/^(tt\d{7,})?$/, 'Use an IMDb id such as tt1234567')
      .default(''),
    wikidataId: z
      .string()
      .trim()
      .regex(/^(Q[1-9]\d*)?$/, 'Use a Wikidata id such as Q42')
      .default(''),
  })
  .superRefine((facts, ctx) => {
    for (const key of ['directors', 'writers'] as const)
      uniqueBy(facts[key], (p) => p.slug, [key], 'slug', 'This person is listed twice', ctx);
    uniqueBy(facts.genres, genreKey, ['genres'], null, 'This genre is listed twice', ctx);
    uniqueBy(facts.countries, (c) => c, ['countries'], null, 'This country is listed twice', ctx);
    uniqueBy(facts.languages, (l) => l, ['languages'], null, 'This language is listed twice', ctx);
  });

export type FilmFacts = z.output<typeof factsSchema>;

export const emptyFacts = () => factsSchema.parse({});

/** Whether a film has any fact (the infobox and the page format's Facts section are left out otherwise). */
export function hasFacts(facts: FilmFacts): boolean {
  return Object.values(facts).some((value) => (Array.isArray(value) ? value.length > 0 : value !== '' && value !== null));
}

/** Directors and writers, in the order of FilmCredit.role. */
export const CREDIT_ROLES = [
  { role: 'director', key: 'directors' },
  { role: 'writer', key: 'writers' },
] as const;

type FactsRow = Omit<FilmFacts, 'directors' | 'writers'> & { credits: Array<{ role: string; person: PersonRef }> };

export const factsPart = definePart({
  id: 'facts',
  label: 'Facts',
  keys: ['facts'],
  storyTexts: {
    spoilerFree: (c: { facts: { genres: string[] } }) => c.facts.genres.map((genre, i) => ({ field: `facts.genres.${i}`, text: genre })),
  },
  heading: (title) => `Facts About ${title}`,
  schema: { facts: factsSchema.default(emptyFacts) },
  refine: (content: { releaseYear: number | null; facts: FilmFacts }, ctx) => {
    const dateYear = isRealDate(content.facts.releaseDate) ? Number(content.facts.releaseDate.slice(0, 4)) : null;
    if (dateYear !== null && content.releaseYear !== dateYear) {
      ctx.addIssue({
        code: 'custom',
        path: ['facts', 'releaseDate'],
        message: `The release date’s year must be the release year (${content.releaseYear ?? 'not set'})`,
      });
    }
  },
  // Facts are not spoilers: readers see them at every level.
  spoiler: { fixed: 'none' },
  diff: {
    fields: [
      {
        key: 'facts',
        label: 'Facts',
        noun: 'facts',
        get: (c) => c.facts,
        set: (c, v) => void (c.facts = v as FilmFacts),
        fields: [
          { field: 'releaseDate', label: 'release date', kind: 'text', translatable: false },
          { field: 'runtimeMinutes', label: 'runtime (minutes)', kind: 'number' },
          { field: 'directors', label: 'directors', kind: 'people' },
          { field: 'writers', label: 'writers', kind: 'people' },
          { field: 'genres', label: 'genres', kind: 'list' },
          { field: 'countries', label: 'countries', kind: 'countries' },
          { field: 'languages', label: 'languages', kind: 'languages' },
          { field: 'ageRatings', label: 'age ratings', kind: 'list' },
          { field: 'imdbId', label: 'IMDb id', kind: 'text', translatable: false },
          { field: 'wikidataId', label: 'Wikidata id', kind: 'text', translatable: false },
        ],
        level: () => 'none',
      },
    ],
  },
  reader: {
    shape: {
      facts: factsSchema.meta({
        id: 'FilmFacts',
        description:
          'Release date, runtime, directors, writers, genres, countries (ISO 3166), languages (ISO 639), age ratings, IMDb and Wikidata ids: not spoilers, the same at every level',
      }),
    },
    hidden: {},
    visible: (c: { facts: FilmFacts }) => ({ facts: c.facts, hidden: {} }),
    select: () => ({
      fields: {
        releaseDate: true,
        runtimeMinutes: true,
        genres: true,
        countries: true,
        languages: true,
        ageRatings: true,
        imdbId: true,
        wikidataId: true,
        credits: {
          orderBy: [{ role: 'asc' }, { position: 'asc' }],
          select: { role: true, person: { select: { name: true, slug: true } } },
        },
      },
    }),
    // The infobox (and its "Facts" entry in the contents) shows the release year too.
    listed: (film: { facts: FilmFacts; releaseYear: number | null }) => hasFacts(film.facts) || film.releaseYear !== null,
    read: (row: FactsRow) => ({
      facts: {
        releaseDate: row.releaseDate,
        runtimeMinutes: row.runtimeMinutes,
        directors: row.credits.filter((c) => c.role === 'director').map((c) => c.person),
        writers: row.credits.filter((c) => c.role === 'writer').map((c) => c.person),
        genres: row.genres,
        countries: row.countries,
        languages: row.languages,
        ageRatings: row.ageRatings,
        imdbId: row.imdbId,
        wikidataId: row.wikidataId,
      },
      hidden: {},
    }),
  },
  storage: {
    // genreKeys are the lower-case genres the home page filters on.
    columns: ({ facts: { directors: _d, writers: _w, ...facts } }: { facts: FilmFacts }) => ({
      ...facts,
      genreKeys: facts.genres.map(genreKey),
    }),
    rows: (c: { facts: FilmFacts }, { filmId, personId }) => [
      [
        'filmCredit',
        CREDIT_ROLES.flatMap(({ role, key }) =>
          c.facts[key].map((person, position) => ({ filmId, role, position, personId: personId(person.slug) })),
        ),
      ],
    ],
    people: {
      order: 1,
      table: 'filmCredit',
      relation: 'credits',
      of: (c: { facts: FilmFacts }) => [
        ...c.facts.directors.map((person) => ({ person, role: 'director' })),
        ...c.facts.writers.map((person) => ({ person, role: 'writer' })),
      ],
    },
  },
});
