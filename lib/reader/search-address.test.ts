import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, isSearchAddress, searchFromParams, searchVariantPath } from './search-address';

const segments = (path: string) => {
  const [, , , level, source, ...q] = path.split('/');
  return { level, source, q };
};

describe('search addresses', () => {
  it('round-trips any query through one path segment', () => {
    for (const query of ['skating', 'stolen letter', 'a/b ../c %2F?#&', 'Zoë “quoted” 東京', 'x'.repeat(MAX_QUERY_LENGTH)]) {
      const path = searchVariantPath(query, 'light', 'query');
      expect(path.split('/')).toHaveLength(6);
      expect(searchFromParams(segments(path))).toEqual({ query, level: 'light', source: 'query' });
    }
  });

  it('keys the normalised query: the same search is one page', () => {
    expect(searchVariantPath('  skating\u0000 ', 'none', 'cookie')).toBe(searchVariantPath('skating', 'none', 'cookie'));
    expect(searchVariantPath('x'.repeat(MAX_QUERY_LENGTH + 50), 'none', 'cookie')).toBe(
      searchVariantPath('x'.repeat(MAX_QUERY_LENGTH), 'none', 'cookie'),
    );
    expect(searchVariantPath('   ', 'full', 'cookie')).toBe('/search/level/full/cookie');
    expect(searchFromParams({ level: 'full', source: 'cookie' })).toEqual({ query: '', level: 'full', source: 'cookie' });
  });

  it('names no page for an unknown level or source, a non-canonical encoding or extra segments', () => {
    const ok = segments(searchVariantPath('skating', 'full', 'cookie'));
    expect(searchFromParams({ ...ok, level: 'all' })).toBeNull();
    expect(searchFromParams({ ...ok, source: 'header' })).toBeNull();
    expect(searchFromParams({ ...ok, q: [...ok.q, 'more'] })).toBeNull();
    expect(searchFromParams({ ...ok, q: ['c2thdGluZw=='] })).toBeNull();
    expect(searchFromParams({ ...ok, q: [Buffer.from(' skating').toString('base64url')] })).toBeNull();
  });

  it('recognises the public address only', () => {
    expect(['/search', '/search/'].every(isSearchAddress)).toBe(true);
    expect(['/search/level/full/cookie', '/searching', '/films/search'].some(isSearchAddress)).toBe(false);
  });
});
