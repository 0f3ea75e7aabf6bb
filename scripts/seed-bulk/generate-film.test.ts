import { describe, expect, it } from 'vitest';
import { filmContentSchema } from '../../lib/content/schema';
import { PAGE_PARTS } from '../../lib/page/parts';
import { generateFilm } from './generate-film';

describe('the bulk catalogue’s generated films', () => {
  const films = Array.from({ length: 40 }, (_, n) => generateFilm(n, 40));

  it('are valid pages, the same for the same number', () => {
    for (const film of films) expect(filmContentSchema.parse(film)).toEqual(film);
    expect(generateFilm(7, 40)).toEqual(films[7]);
    expect(new Set(films.map((film) => film.slug)).size).toBe(films.length);
  });

  it('fill every part of the registry but the images (the catalogue has no uploads)', () => {
    const empty = filmContentSchema.parse({ title: 'Empty', slug: 'empty', releaseYear: 2000, premise: 'Empty.', story: 'Empty.' });
    const filled = PAGE_PARTS.flatMap((part) => part.keys).filter((key) =>
      films.some((film) => JSON.stringify(film[key]) !== JSON.stringify(empty[key])),
    );
    expect(PAGE_PARTS.flatMap((part) => part.keys).filter((key) => !filled.includes(key))).toEqual(['poster', 'stills']);
  });
});
