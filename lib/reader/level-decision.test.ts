import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import {
  decideReaderLevel,
  formatLevelDecision,
  levelForFilm,
  parseLevelCookie,
  parseLevelDecision,
  readingOf,
  renderedLevelOfPath,
  readAddress,
  renderedReadingOfPath,
} from './level-cookie.mjs';
import { variantOf } from './reader-address.mjs';

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
    // A point with a level below full: none (each shows something the other hides).
    expect(decideReaderLevel(`/films/${FILM}?upto=5&spoilers=light`, undefined)).toEqual({ level: 'none', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}?upto=-1`, undefined)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}?upto=1e3`, undefined)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}/quiz?upto=5`, undefined)).toEqual({ level: 'none', source: 'cookie' });
    expect(decideReaderLevel(`/films/${FILM}/upto/7`, undefined)).toEqual({ level: 'none', source: 'route', upto: 7 });
    expect(decideReaderLevel(`/films/${FILM}`, `spoilers=full~${FILM}.4`)).toEqual({ level: 'none', source: 'cookie', upto: 4 });
    expect(decideReaderLevel(`/api/v1/films/${FILM}`, `spoilers=${FILM}.4`)).toEqual({ level: 'none', source: 'cookie', upto: 4 });
    // Nothing seen yet is the film at no spoilers, not a point (a cookie written before that meant none).
    expect(decideReaderLevel(`/films/${FILM}`, `spoilers=full~${FILM}.0`)).toEqual({ level: 'none', source: 'cookie' });
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

describe('the most restrictive of what the address names wins', () => {
  it('takes the lowest of a level route and every ?spoilers=, whatever the cookie', () => {
    expect(decideReaderLevel(`/films/${FILM}/level/full?spoilers=none`, 'spoilers=full')).toEqual({ level: 'none', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}/level/light?spoilers=full`, undefined)).toEqual({ level: 'light', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}?spoilers=full&spoilers=none`, undefined)).toEqual({ level: 'none', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}/quiz?spoilers=full&spoilers=light`, 'spoilers=full')).toEqual({
      level: 'light',
      source: 'query',
    });
    expect(decideReaderLevel('/people/someone/level/full?spoilers=light', undefined)).toEqual({ level: 'light', source: 'query' });
    expect(decideReaderLevel('/search/level/full/query/a2lzcw?spoilers=none', undefined)).toEqual({ level: 'none', source: 'query' });
    // The address names nothing: the cookie, as before.
    expect(decideReaderLevel(`/films/${FILM}`, 'spoilers=full')).toEqual({ level: 'full', source: 'cookie' });
  });

  it('takes the lowest point, and a point with a level below full reads at none', () => {
    expect(decideReaderLevel(`/films/${FILM}/upto/999?spoilers=none`, undefined)).toEqual({ level: 'none', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}/upto/5?spoilers=light`, undefined)).toEqual({ level: 'none', source: 'query' });
    expect(decideReaderLevel(`/films/${FILM}/upto/5?spoilers=full`, undefined)).toEqual({ level: 'none', source: 'query', upto: 5 });
    expect(decideReaderLevel(`/films/${FILM}/upto/5?upto=3`, undefined)).toEqual({ level: 'none', source: 'query', upto: 3 });
    expect(decideReaderLevel(`/films/${FILM}?upto=9&upto=4`, 'spoilers=full')).toEqual({ level: 'none', source: 'query', upto: 4 });
  });

  it('finds values that are no level or no point, wherever the address names them', () => {
    const problem = (url: string) => readAddress(url).problem;
    expect(problem(`/films/${FILM}?spoilers=extreme`)).toEqual({ field: 'spoilers', value: 'extreme' });
    expect(problem(`/films/${FILM}?spoilers=`)).toEqual({ field: 'spoilers', value: '' });
    expect(problem(`/films/${FILM}?spoilers=full&spoilers=FULL`)).toEqual({ field: 'spoilers', value: 'FULL' });
    expect(problem(`/films/${FILM}/level/extreme`)).toEqual({ field: 'level', value: 'extreme' });
    expect(problem('/search/level/most/query/a2lzcw')).toEqual({ field: 'level', value: 'most' });
    expect(problem(`/films/${FILM}/upto/abc`)).toEqual({ field: 'upto', value: 'abc' });
    expect(problem(`/films/${FILM}?upto=abc`)).toEqual({ field: 'upto', value: 'abc' });
    expect(problem(`/api/v1/films/${FILM}?upto=-1`)).toEqual({ field: 'upto', value: '-1' });
    expect(problem(`/films/${FILM}/upto/1e3`)).toEqual({ field: 'upto', value: '1e3' });
    // Points are read on the film's page and API only; elsewhere `upto` is not ours.
    expect(problem(`/films/${FILM}/quiz?upto=abc`)).toBeNull();
    expect(problem('/spoilers?upto=abc&film=x')).toBeNull();
    expect(problem(`/films/${FILM}/upto/1000?spoilers=full`)).toBeNull();
    expect(readAddress(`/films/${FILM}/upto/1000`).upto).toBe(1000);
  });

  it('renders a level or up-to route at the decided reading, and the plain addresses on their variant', () => {
    const variant = (url: string) => variantOf(url.split('?')[0], decideReaderLevel(url, 'spoilers=full'));
    expect(variant(`/films/${FILM}/level/full?spoilers=none`)).toBe(`/films/${FILM}/level/none`);
    expect(variant(`/films/${FILM}/upto/5?spoilers=none`)).toBe(`/films/${FILM}/level/none`);
    expect(variant(`/films/${FILM}/upto/5`)).toBe(`/films/${FILM}/upto/5`);
    expect(variant(`/films/${FILM}`)).toBe(`/films/${FILM}/level/full`);
    expect(variant(`/films/${FILM}?upto=3`)).toBe(`/films/${FILM}/upto/3`);
    expect(variant('/people/someone/level/full?spoilers=light')).toBe('/people/someone/level/light');
    expect(variant('/search/level/full/query/a2lzcw?spoilers=none')).toBe('/search/level/none/query/a2lzcw');
    expect(variant(`/films/${FILM}/quiz`)).toBeNull();
    expect(variant('/')).toBeNull();
  });
});
