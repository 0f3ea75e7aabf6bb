import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../content/sample-film';
import { visibleFilm } from '../spoilers/visible-film';
import { filmMetadata } from './film-metadata';
import { jsonLdText, movieJsonLd } from './film-json-ld';

const content = sampleFilm();

describe('film metadata and JSON-LD', () => {
  it('are spoiler-free at every level', () => {
    for (const level of ['none', 'light', 'full'] as const) {
      const film = visibleFilm(content, level);
      const text = JSON.stringify(filmMetadata(film)) + jsonLdText(movieJsonLd(film));
      expect(text).not.toMatch(/LIGHTWORD|FULLWORD/u);
      expect(text).toContain('NONEWORD');
    }
  });

  it('describe a schema.org Movie with its actors', () => {
    const ld = movieJsonLd(visibleFilm(content, 'none'));
    expect(ld).toMatchObject({ '@type': 'Movie', name: 'Sample Film', dateCreated: '2020' });
    expect(ld.actor).toEqual([{ '@type': 'Person', name: 'Pat Doe', url: expect.stringMatching(/\/people\/pat-doe$/u) }]);
  });

  it('carry the film facts: director, duration in ISO 8601, genre, release date', () => {
    const facts = { releaseDate: '2020-03-04', runtimeMinutes: 94, directors: [{ name: 'Dee Rector', slug: 'dee-rector' }], genres: ['Drama'], countries: ['CA'], imdbId: 'tt1234567' };
    const ld = movieJsonLd(visibleFilm(sampleFilm({ facts }), 'none'));
    expect(ld).toMatchObject({
      duration: 'PT94M',
      genre: ['Drama'],
      datePublished: '2020-03-04',
      director: [{ '@type': 'Person', name: 'Dee Rector', url: expect.stringMatching(/\/people\/dee-rector$/u) }],
      countryOfOrigin: [{ '@type': 'Country', name: 'Canada' }],
      sameAs: ['https://www.imdb.com/title/tt1234567/'],
    });
    expect(movieJsonLd(visibleFilm(content, 'none'))).not.toHaveProperty('duration');
  });

  it('never lets text close the script tag', () => {
    const film = visibleFilm(sampleFilm({ premise: 'A </script><script>alert(1)</script> premise' }), 'none');
    expect(jsonLdText(movieJsonLd(film))).not.toContain('</script>');
  });

  it('use the premise as the description and Open Graph', () => {
    const meta = filmMetadata(visibleFilm(content, 'full'));
    expect(meta.description).toBe(content.premise);
    expect(meta.openGraph).toMatchObject({ title: 'Sample Film (2020)', description: content.premise });
  });
});
