import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeCallbackUrl, safeLocalPath } from './safe-callback-url';
import { safeReturnPath } from '../reader/reader-level';

const SITE = 'https://films.example.com';

/** Where a browser on SITE goes when told to go to `location` (the WHATWG parser, as in a Location header). */
const destination = (location: string) => new URL(location, SITE);

/** Open-redirect payloads seen in an attack run and their relatives: each once decoded from the query string. */
const OPEN_REDIRECTS = [
  '/\t/evil.example/x',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '/a/..//evil.example',
  '/./\t/evil.example',
  'https://evil.example',
  'http:evil.example',
  'javascript:alert(1)',
  ' /x',
  'films/x',
  '',
];

describe('safeLocalPath', () => {
  it('refuses every concrete open-redirect payload', () => {
    for (const payload of OPEN_REDIRECTS) {
      expect(safeCallbackUrl(payload), JSON.stringify(payload)).toBe('/editor');
      expect(safeReturnPath(payload), JSON.stringify(payload)).toBe('/');
    }
    expect(safeCallbackUrl(undefined)).toBe('/editor');
    expect(safeCallbackUrl(['/editor/users'])).toBe('/editor');
    expect(safeReturnPath(null)).toBe('/');
  });

  it('refuses a path whose dot segments leave it protocol-relative ("/.//x" is "//x")', () => {
    expect(safeLocalPath('/.//evil.example', '/fallback')).toBe('/fallback');
  });

  it('keeps ordinary paths on this site, query and fragment included', () => {
    expect(safeCallbackUrl('/editor/films/kiss-and-cry?tab=quiz#top')).toBe('/editor/films/kiss-and-cry?tab=quiz#top');
    expect(safeReturnPath('/films/x?a=1')).toBe('/films/x?a=1');
    // Encoded characters stay encoded: "%09" in a path is a path segment, not a tab.
    expect(safeReturnPath('/%09/evil.example')).toBe('/%09/evil.example');
    expect(destination(safeReturnPath('/%09/evil.example')).origin).toBe(SITE);
  });

  // Strings built from the pieces open redirects are made of.
  const tricky = fc.string({
    unit: fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u000b',
      '\u00a0',
      ' ',
      '.',
      ':',
      '@',
      '?',
      '#',
      '%',
      '09',
      '2f',
      'evil.example',
      'http',
      'a',
    ),
    maxLength: 12,
  });

  it('never returns anything a browser would follow off the site (generated)', () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string({ unit: 'binary' }), fc.webUrl(), fc.webPath()), (value) => {
        const result = safeLocalPath(value, '/fallback');
        expect(result.startsWith('/')).toBe(true);
        expect(result).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
        expect(result.startsWith('//')).toBe(false);
        expect(destination(result).origin).toBe(SITE);
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps every clean path as the browser would read it (generated)', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const value = `/${path.replace(/^\/+/, '')}?${query}`;
        const read = new URL(value, SITE).pathname + new URL(value, SITE).search;
        // "/.//x" reads as "//x", protocol-relative again once it is a Location: refused, as it must be.
        expect(safeLocalPath(value, '/fallback')).toBe(read.startsWith('//') ? '/fallback' : read);
      }),
    );
  });
});
