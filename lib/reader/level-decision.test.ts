import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import {
  decideReaderLevel,
  formatLevelDecision,
  parseLevelDecision,
  readingOf,
  renderedLevelOfPath,
  renderedReadingOfPath,
} from './level-cookie.mjs';
import { levelForFilm, parseLevelCookie } from './reader-level';

const FILM = 'kiss-and-cry';

describe('decideReaderLevel', () => {
  it('takes ?spoilers= first, then a level route, then the cookie for the film the address names', () => {
    expect(decideReaderLevel(`/films/${FILM}?spoilers=full`, 'spoilers=none')).toEqual({ level: 'full', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}?spoilers=everything`, 'spoilers=light')).toEqual({ level: 'light', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}/level/light`, 'spoilers=full')).toEqual({ level: 'light', source: 'route' });
    expect(decideReaderLevel('/search/level/full/query/a2lzcw', undefined)).toEqual({ level: 'full', source: 'route' });
    expect(decideReaderLevel(`/films/${FILM}`, `spoilers=none~${FILM}.full`)).toEqual({ level: 'full', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}/quiz`, `spoilers=none~${FILM}.full`).level).toBe('full');
    expect(decideReaderLevel(`/api/v1/films/${FILM}`, `spoilers=none~${FILM}.full`).level).toBe('full');
    expect(decideReaderLevel('/people/someone', `spoilers=none~${FILM}.full`).level).toBe('none');
    expect(decideReaderLevel('/search?q=skating', 'spoilers=light').level).toBe('light');
    expect(decideReaderLevel(`http://cms.test/films/${FILM}?spoilers=light`, undefined)).toEqual({ level: 'light', source: 'query' });
    expect(decideReaderLevel('/', undefined)).toEqual({ level: 'none', source: 'cookie' });
  });

  it('reads the cookie as Next reads it: percent-decoded, tabs not skipped, the last duplicate', () => {
    expect(decideReaderLevel(`/films/${FILM}`, 'spoilers=%66ull').level).toBe('full');
    expect(decideReaderLevel(`/films/${FILM}`, `spoilers=${FILM}%2Efull`).level).toBe('full');
    expect(decideReaderLevel(`/films/${FILM}`, 'a=1;\tspoilers=full').level).toBe('none');
    expect(decideReaderLevel(`/films/${FILM}`, 'spoilers=full; spoilers=none').level).toBe('none');
    expect(decideReaderLevel(`/films/${FILM}`, ['spoilers=none', 'spoilers=light']).level).toBe('light');
    expect(decideReaderLevel(`/films/${FILM}`, 'spoilers=%E0%A4%A').level).toBe('none');
  });

  it('agrees with the level Next.js request.cookies gives, for any Cookie header', () => {
    const piece = fc.oneof(
      fc.constantFrom('spoilers', 'Spoilers', 'spoilers ', ' spoilers', '\tspoilers', 'spoiler%73', 'a', ''),
      fc.string({ maxLength: 6 }),
    );
    const value = fc.oneof(
      fc.constantFrom(
        'full',
        'FULL',
        '%66ull',
        'light',
        'none',
        `${FILM}.full`,
        `${FILM}%2Efull`,
        `none~${FILM}.full`,
        'full~x.none',
        '%E0%A4%A',
        '"full"',
        ' full',
      ),
      fc.string({ maxLength: 12 }),
    );
    const separator = fc.constantFrom(';', '; ', ';\t', ';  ', ' ;', ';;');
    const cookieHeader = fc
      .array(fc.tuple(piece, value), { minLength: 0, maxLength: 5 })
      .chain((pairs) =>
        fc
          .array(separator, { minLength: pairs.length, maxLength: pairs.length })
          .map((seps) => pairs.map(([n, v], i) => `${i ? seps[i] : ''}${n}=${v}`).join('')),
      );
    const address = fc.constantFrom(
      `/films/${FILM}`,
      `/films/${FILM}/quiz`,
      `/api/v1/films/${FILM}`,
      '/people/someone',
      '/search?q=x',
      '/',
    );
    fc.assert(
      fc.property(cookieHeader, address, (cookie, path) => {
        // Headers refuse some bytes (NUL, newlines); a request with those never reaches Next.
        let request: NextRequest;
        try {
          request = new NextRequest(`http://cms.test${path}`, { headers: { cookie } });
        } catch {
          return;
        }
        const film = /^\/(?:api\/v1\/)?films\/([^/]+)/.exec(path)?.[1] ?? null;
        const byNext = levelForFilm(parseLevelCookie(request.cookies.get('spoilers')?.value), film);
        expect(decideReaderLevel(path, request.headers.get('cookie'))).toEqual({ level: byNext, source: 'cookie' });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the decision header', () => {
  it('round-trips, and refuses anything else', () => {
    expect(parseLevelDecision(formatLevelDecision({ level: 'light', source: 'query' }))).toEqual({ level: 'light', source: 'query' });
    for (const value of ['full', 'full;', 'FULL;query', 'full;query ', 'full;cookie;x', '', undefined, ['full;query']])
      expect(parseLevelDecision(value)).toBeNull();
  });

  it('names the level a variant path renders at', () => {
    expect(renderedLevelOfPath(`/films/${FILM}/level/full`)).toBe('full');
    expect(renderedLevelOfPath('/people/x/level/light')).toBe('light');
    expect(renderedLevelOfPath('/search/level/none/cookie')).toBe('none');
    expect(renderedLevelOfPath(`/films/${FILM}`)).toBeNull();
    expect(renderedLevelOfPath(`/films/${FILM}/level/everything`)).toBeNull();
  });
});

describe('decideReaderLevel, reading up to a point', () => {
  it('takes ?upto= on the film page and its API, the film’s cookie choice after it, and never on other addresses', () => {
    expect(decideReaderLevel(`/films/${FILM}?upto=5`, 'spoilers=full')).toEqual({ level: 'none', source: 'query', upto: 5 });
    expect(decideReaderLevel(`/api/v1/films/${FILM}?upto=0`, undefined)).toEqual({ level: 'none', source: 'query', upto: 0 });
    expect(decideReaderLevel(`/films/${FILM}?upto=5&spoilers=light`, undefined)).toEqual({ level: 'light', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}?upto=-1`, undefined)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}?upto=1e3`, undefined)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}/quiz?upto=5`, undefined)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}/upto/7`, undefined)).toEqual({ level: 'none', source: 'route', upto: 7 });
    expect(decideReaderLevel(`/films/${FILM}`, `spoilers=full~${FILM}.4`)).toEqual({ level: 'none', source: 'cookie', upto: 4 });
    expect(decideReaderLevel(`/api/v1/films/${FILM}`, `spoilers=${FILM}.4`)).toEqual({ level: 'none', source: 'cookie', upto: 4 });
    // The film's quiz and other films read levels, never the point.
    expect(decideReaderLevel(`/films/${FILM}/quiz`, `spoilers=full~${FILM}.4`)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel('/films/other', `spoilers=full~${FILM}.4`)).toEqual({ level: 'full', source: 'cookie' });
  });

  it('carries the point in the decision header, and renders it under its own key', () => {
    for (const decision of [
      { level: 'none', source: 'query', upto: 3 },
      { level: 'none', source: 'cookie', upto: 0 },
    ] as const) {
      expect(parseLevelDecision(formatLevelDecision(decision))).toEqual(decision);
      expect(readingOf(decision)).toBe(`upto-${decision.upto}`);
    }
    expect(readingOf({ level: 'light', source: 'cookie' })).toBe('light');
    expect(parseLevelDecision('none;query;upto=x')).toBeNull();
    expect(renderedReadingOfPath(`/films/${FILM}/upto/3`)).toBe('upto-3');
    expect(renderedReadingOfPath(`/films/${FILM}/level/full`)).toBe('full');
    expect(renderedReadingOfPath(`/films/${FILM}`)).toBeNull();
  });
});
