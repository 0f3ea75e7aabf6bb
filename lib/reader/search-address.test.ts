import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, buildAddress, parseAddress, searchOfSegments } from './reader-address.mjs';
import type { SpoilerLevel } from '../spoilers/levels';

const searchVariantPath = (query: string, level: SpoilerLevel, source: 'query' | 'cookie') =>
  buildAddress({ kind: 'search', query, level, source });
const segments = (path: string) => {
  const [, , , level, source, ...q] = path.split('/');
  return { level, source, q };
};

describe('search addresses', () => {
  it('round-trips any query through one path segment', () => {
    for (const query of ['skating', 'stolen letter', 'a/b ../c %2F?#&', 'Zoë “quoted” 東京', 'x'.repeat(MAX_QUERY_LENGTH)]) {
      const path = searchVariantPath(query, 'light', 'query');
      expect(path.split('/')).toHaveLength(6);
      expect(searchOfSegments(segments(path))).toEqual({ kind: 'search', query, level: 'light', source: 'query' });
    }
  });

  it('keys the normalised query: the same search is one page', () => {
    expect(searchVariantPath('  skating\u0000 ', 'none', 'cookie')).toBe(searchVariantPath('skating', 'none', 'cookie'));
    expect(searchVariantPath('x'.repeat(MAX_QUERY_LENGTH + 50), 'none', 'cookie')).toBe(
      searchVariantPath('x'.repeat(MAX_QUERY_LENGTH), 'none', 'cookie'),
    );
    expect(searchVariantPath('   ', 'full', 'cookie')).toBe('/search/level/full/cookie');
    expect(searchOfSegments({ level: 'full', source: 'cookie' })).toEqual({ kind: 'search', query: '', level: 'full', source: 'cookie' });
  });

  it('names no page for an unknown level or source, a non-canonical encoding or extra segments', () => {
    const ok = segments(searchVariantPath('skating', 'full', 'cookie'));
    expect(searchOfSegments({ ...ok, level: 'all' })).toBeNull();
    expect(searchOfSegments({ ...ok, source: 'header' })).toBeNull();
    expect(searchOfSegments({ ...ok, q: [...ok.q, 'more'] })).toBeNull();
    expect(searchOfSegments({ ...ok, q: ['c2thdGluZw=='] })).toBeNull();
    expect(searchOfSegments({ ...ok, q: [Buffer.from(' skating').toString('base64url')] })).toBeNull();
  });

  it('recognises the public address only', () => {
    const isPublicSearch = (path: string) => {
      const address = parseAddress(path);
      return address?.kind === 'search' && !address.level && !address.malformed;
    };
    expect(['/search', '/search/'].every(isPublicSearch)).toBe(true);
    expect(['/search/level/full/cookie', '/searching', '/films/search'].some(isPublicSearch)).toBe(false);
  });
});
