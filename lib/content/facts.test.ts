import { describe, expect, it } from 'vitest';
import { fieldErrors, filmContentSchema } from './schema';
import { countryName, languageName } from '../page/parts/facts';

const page = (facts: Record<string, unknown>, releaseYear: number | null = 2017) =>
  filmContentSchema.safeParse({ title: 'X', slug: 'x', releaseYear, facts });
const errorsOf = (facts: Record<string, unknown>, releaseYear?: number | null) => {
  const result = page(facts, releaseYear);
  return result.success ? [] : fieldErrors(result.error);
};

describe('film facts', () => {
  it('default to nothing known, so older revisions and pages without facts stay valid', () => {
    const result = filmContentSchema.parse({ title: 'X', slug: 'x' });
    expect(result.facts).toEqual({
      releaseDate: '',
      runtimeMinutes: null,
      directors: [],
      writers: [],
      genres: [],
      countries: [],
      languages: [],
      ageRatings: [],
      imdbId: '',
      wikidataId: '',
    });
  });

  it('accept a complete set of facts', () => {
    const result = page({
      releaseDate: '2017-02-10',
      runtimeMinutes: 94,
      directors: [{ name: 'Sean Cisterna', slug: 'sean-cisterna' }],
      writers: [{ name: 'A Writer', slug: 'a-writer' }],
      genres: ['Drama'],
      countries: ['CA'],
      languages: ['en'],
      ageRatings: ['Canada: PG'],
      imdbId: 'tt1234567',
      wikidataId: 'Q42',
    });
    expect(result.success).toBe(true);
  });

  it('say in plain words what is wrong with each field', () => {
    expect(errorsOf({ runtimeMinutes: 0 })).toEqual([
      { path: 'facts.runtimeMinutes', message: 'Enter a runtime between 1 and 1000 minutes' },
    ]);
    expect(errorsOf({ runtimeMinutes: 1001 })).toEqual([
      { path: 'facts.runtimeMinutes', message: 'Enter a runtime between 1 and 1000 minutes' },
    ]);
    expect(errorsOf({ runtimeMinutes: 90.5 })).toEqual([{ path: 'facts.runtimeMinutes', message: 'Enter whole minutes' }]);
    expect(errorsOf({ releaseDate: '10/02/2017' })).toEqual([{ path: 'facts.releaseDate', message: 'Enter a date as YYYY-MM-DD' }]);
    expect(errorsOf({ releaseDate: '2017-02-30' })).toEqual([{ path: 'facts.releaseDate', message: 'Enter a date that exists' }]);
    expect(errorsOf({ countries: ['XX'] })).toEqual([{ path: 'facts.countries.0', message: 'Unknown country code' }]);
    expect(errorsOf({ countries: ['Canada'] })).toEqual([
      { path: 'facts.countries.0', message: 'Use a two-letter country code such as CA (ISO 3166)' },
    ]);
    expect(errorsOf({ languages: ['EN'] })).toEqual([
      { path: 'facts.languages.0', message: 'Use a two- or three-letter language code such as en (ISO 639)' },
    ]);
    expect(errorsOf({ imdbId: 'tt123' })).toEqual([{ path: 'facts.imdbId', message: 'Use an IMDb id such as tt1234567' }]);
    expect(errorsOf({ wikidataId: 'q42' })).toEqual([{ path: 'facts.wikidataId', message: 'Use a Wikidata id such as Q42' }]);
    expect(errorsOf({ genres: ['Drama', 'drama'] })).toEqual([{ path: 'facts.genres.1', message: 'This genre is listed twice' }]);
    expect(
      errorsOf({
        directors: [
          { name: 'A', slug: 'a' },
          { name: 'A.', slug: 'a' },
        ],
      }),
    ).toEqual([{ path: 'facts.directors.1.slug', message: 'This person is listed twice' }]);
  });

  it('keep the release date and the release year consistent', () => {
    expect(errorsOf({ releaseDate: '2016-12-31' }, 2017)).toEqual([
      { path: 'facts.releaseDate', message: 'The release date’s year must be the release year (2017)' },
    ]);
    expect(errorsOf({ releaseDate: '2017-01-01' }, null)).toEqual([
      { path: 'facts.releaseDate', message: 'The release date’s year must be the release year (not set)' },
    ]);
    expect(errorsOf({ releaseDate: '2017-01-01' }, 2017)).toEqual([]);
  });

  it('name countries and languages by their codes', () => {
    expect(countryName('CA')).toBe('Canada');
    expect(languageName('en')).toBe('English');
    expect(languageName('fr')).toBe('French');
  });
});
