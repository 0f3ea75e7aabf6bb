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
