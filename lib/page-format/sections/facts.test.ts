import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import { formatPage } from '../format-page';
import { parsePage } from '../parse-page';

const facts = {
  releaseDate: '2020-05-01',
  runtimeMinutes: 94,
  directors: [
    { name: 'Dee Rector', slug: 'dee-rector' },
    { name: 'Zoë Two', slug: 'zoe-2' },
  ],
  writers: [{ name: 'Wri Ter', slug: 'wri-ter' }],
  genres: ['Drama', 'Sports film'],
  countries: ['CA', 'FR'],
  languages: ['en', 'fr'],
  ageRatings: ['Canada: PG', 'France: U'],
  imdbId: 'tt1234567',
  wikidataId: 'Q42',
};

describe('the facts section of the page format', () => {
  it('is written one line per fact, after the premise, and read back the same', () => {
    const film = sampleFilm({ facts });
    const text = formatPage(film);
    const section = text.slice(text.indexOf('Facts About Sample Film'), text.indexOf('What Happens in'));
    expect(section.trim().split('\n')).toEqual([
      'Facts About Sample Film',
      'Release date: 2020-05-01',
      'Runtime: 94 minutes',
      'Director: Dee Rector',
      'Director: Zoë Two [slug: zoe-2]',
      'Writer: Wri Ter',
      'Genre: Drama',
      'Genre: Sports film',
      'Country: Canada (CA)',
      'Country: France (FR)',
      'Language: English (en)',
      'Language: French (fr)',
      'Age rating: Canada: PG',
      'Age rating: France: U',
      'IMDb: tt1234567',
      'Wikidata: Q42',
    ]);
    const { content, warnings } = parsePage(text);
    expect(warnings).toEqual([]);
    expect(content.facts).toEqual(film.facts);
  });

  it('is left out for a film without facts', () => {
    expect(formatPage(sampleFilm())).not.toContain('Facts About');
  });

  it('leaves out what is wrong, with a warning on its line', () => {
    const text = formatPage(sampleFilm()).replace(
      'What Happens in',
      'Facts About Sample Film\nRuntime: long\nCountry: Narnia (NA1)\nGenre: Drama\nRelease date: 2019-01-01\nColour: yes\n\nWhat Happens in',
    );
    const { content, warnings } = parsePage(text);
    expect(content.facts).toMatchObject({ runtimeMinutes: null, countries: [], genres: ['Drama'], releaseDate: '' });
    expect(warnings.map((w) => w.message)).toEqual([
      'The release date’s year must be the release year (2020) (facts.releaseDate); left empty',
      'This country was left out: Use a two-letter country code such as CA (ISO 3166)',
      '“long” is not a runtime in minutes; left out',
      'Not understood in the facts, skipped: “Colour: yes”',
    ]);
  });
});
