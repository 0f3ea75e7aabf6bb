import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { visibleFilm } from '../spoilers/visible-film';
import { filmMetadata } from './film-metadata';
import { jsonLdText, movieJsonLd } from './film-json-ld';
import { personJsonLd } from './person-json-ld';
import { siteUrl } from './site-url';
import type { SpoilerLevel } from '../spoilers/levels';

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
    const facts = {
      releaseDate: '2020-03-04',
      runtimeMinutes: 94,
      directors: [{ name: 'Dee Rector', slug: 'dee-rector' }],
      genres: ['Drama'],
      countries: ['CA'],
      imdbId: 'tt1234567',
    };
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

  const IMAGE = '0123456789abcdef0123456789abcdef';
  const LEVELS: SpoilerLevel[] = ['none', 'light', 'full'];
  const withPoster = (spoiler: SpoilerLevel) => sampleFilm({ poster: { image: IMAGE, alt: 'The poster', spoiler } });

  it('name the poster as the image on every level when the poster is at level none', () => {
    for (const level of LEVELS) {
      expect(movieJsonLd(visibleFilm(withPoster('none'), level)).image, level).toBe(`${siteUrl()}/media/${IMAGE}/w1280.webp`);
    }
  });

  it('leave a poster above level none out of the image on every level, even where the page shows it', () => {
    for (const poster of ['light', 'full'] as const) {
      for (const level of LEVELS)
        expect(movieJsonLd(visibleFilm(withPoster(poster), level)), `${poster} at ${level}`).not.toHaveProperty('image');
    }
    expect(visibleFilm(withPoster('light'), 'full').poster).not.toBeNull();
    expect(movieJsonLd(visibleFilm(content, 'full'))).not.toHaveProperty('image');
  });

  it('describe a person as a schema.org Person, with the photo as the image when there is one', () => {
    const person = { slug: 'pat-doe', name: 'Pat Doe', birthDate: '1970-01-31', deathDate: '', photo: null };
    const without = personJsonLd(person);
    expect(without).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Pat Doe',
      url: `${siteUrl()}/people/pat-doe`,
      birthDate: '1970-01-31',
    });
    const withPhoto = personJsonLd({
      ...person,
      photo: { image: IMAGE, alt: 'Pat Doe smiling', width: 800, height: 1000, focal: { x: 0.5, y: 0.5 }, version: 1 },
    });
    expect(withPhoto.image).toBe(`${siteUrl()}/media/${IMAGE}/w1280.webp`);
    expect(siteUrl()).toMatch(/^https?:\/\//u);
  });

  it('use the premise as the description and Open Graph', () => {
    const meta = filmMetadata(visibleFilm(content, 'full'));
    expect(meta.description).toBe(content.premise);
    expect(meta.openGraph).toMatchObject({ title: 'Sample Film (2020)', description: content.premise });
  });
});
