import { describe, expect, it } from 'vitest';
import {
  NO_FILTER,
  filterFromSegments,
  filterQuery,
  filterVariantPath,
  invalidFilterPath,
  listPageHref,
  readFilterQuery,
  type FilmFilter,
} from './film-filter';

const read = (query: string) => readFilterQuery(new URLSearchParams(query));
const segmentsOf = (path: string) => {
  const [, , genre, year, country, sort] = path.split('/');
  return { genre, year, country, sort };
};

describe('the film list’s filter and order', () => {
  it('reads genre, year, country and sort from the query, and writes them back', () => {
    const { filter } = read('genre=Drama&year=2017&country=ca&sort=title');
    expect(filter).toEqual({ genre: 'drama', year: 2017, country: 'CA', sort: 'title' });
    expect(filterQuery(filter!)).toBe('?genre=drama&year=2017&country=CA&sort=title');
    expect(read('').filter).toEqual(NO_FILTER);
    // The default order is not written: `/` is the newest published first.
    expect(listPageHref(1, { ...NO_FILTER, sort: 'published' })).toBe('/');
    expect(listPageHref(2, { ...NO_FILTER, sort: 'year' })).toBe('/page/2?sort=year');
  });

  it('names the field of a value that is no filter, for the list’s message', () => {
    expect(read('country=XX1').problem?.field).toBe('country');
    expect(read('country=Canada').problem?.field).toBe('country');
    expect(read('country=QQ').problem?.field).toBe('country');
    expect(read('sort=rating').problem?.field).toBe('sort');
    expect(read('year=abcd').problem?.field).toBe('year');
  });

  it('round-trips through the cached variant, one variant per list; the plain list has none', () => {
    const filters: FilmFilter[] = [
      { genre: 'science fiction/été', year: 2017, country: 'FR', sort: 'year' },
      { genre: null, year: null, country: 'JP', sort: 'published' },
      { genre: null, year: null, country: null, sort: 'title' },
      { genre: 'drama', year: null, country: null, sort: 'published' },
    ];
    for (const filter of filters) {
      const path = filterVariantPath(filter, 3);
      expect(path).toMatch(/^\/filter\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/3$/u);
      expect(filterFromSegments(segmentsOf(path))).toEqual(filter);
    }
    expect(filterVariantPath({ ...NO_FILTER, country: 'CA', sort: 'title' }, 1)).toBe('/filter/all/all/CA/title/1');
    expect(filterFromSegments({ genre: 'all', year: 'all', country: 'all', sort: 'published' })).toBeNull();
    expect(filterFromSegments({ genre: 'all', year: 'all', country: 'ca', sort: 'published' })).toBeNull();
    expect(filterFromSegments({ genre: 'all', year: 'all', country: 'all', sort: 'rating' })).toBeNull();
  });

  it('writes the list in a translation’s language under its prefix: the address, the variant, the invalid filter’s page', () => {
    const filter: FilmFilter = { genre: null, year: 2017, country: 'CA', sort: 'title' };
    expect(listPageHref(1, filter, 'fr')).toBe('/fr?year=2017&country=CA&sort=title');
    expect(listPageHref(2, NO_FILTER, 'fr')).toBe('/fr/page/2');
    expect(filterVariantPath(filter, 2, 'fr')).toBe('/fr/filter/all/2017/CA/title/2');
    expect(invalidFilterPath('year', 'fr')).toBe('/fr/filter/invalid/year');
    expect(invalidFilterPath('year')).toBe('/filter/invalid/year');
  });
});
