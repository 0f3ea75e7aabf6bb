import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPOILER_LEVELS } from '../spoilers/levels';
import {
  buildAddress,
  filmPath,
  listPath,
  translatedListRoute,
  parseAddress,
  personPath,
  peoplePath,
  quizPath,
  routeLevelOf,
  variantOf,
  type ReaderAddress,
} from './reader-address.mjs';

const level = fc.constantFrom(...SPOILER_LEVELS);
const spoilers = fc.option(level, { nil: undefined });
/** Slugs as pages have them, and any other text a path segment may carry once encoded. */
const slug = fc.oneof(
  fc.stringMatching(/^[a-z0-9]+(?:-[a-z0-9]+)*$/u),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('é', 'a/b', '%', '..', '?', '#'),
);
const malformedLevel = fc
  .string({ maxLength: 8 })
  .filter((v) => !v.includes('/') && !v.includes('?') && !v.includes('#') && !(SPOILER_LEVELS as readonly string[]).includes(v));
/** A translation's language in a film's address (absent: the language pages are written in). */
const locale = fc.option(fc.constantFrom('fr', 'de', 'fr-CA', 'nds'), { nil: undefined });
const malformedPoint = malformedLevel.filter((v) => !/^\d+$/u.test(v));
/** Without the keys a value left undefined, as parseAddress returns them. */
const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const address: fc.Arbitrary<ReaderAddress> = fc
  .oneof(
    fc.record({ kind: fc.constant('film' as const), slug, locale, spoilers }),
    fc.record({ kind: fc.constant('film' as const), slug, locale, level, spoilers }),
    fc.record({ kind: fc.constant('film' as const), slug, locale, upto: fc.nat(999_999), spoilers }),
    fc.record({
      kind: fc.constant('film' as const),
      slug,
      malformed: fc.record({ field: fc.constant('level' as const), value: malformedLevel }),
    }),
    fc.record({
      kind: fc.constant('film' as const),
      slug,
      malformed: fc.record({ field: fc.constant('upto' as const), value: malformedPoint }),
    }),
    fc.record({ kind: fc.constant('quiz' as const), slug, locale, answers: fc.constantFrom(true, undefined), spoilers }),
    fc.record({ kind: fc.constant('film-api' as const), slug, spoilers }),
    fc.record({
      kind: fc.constant('film-api' as const),
      slug,
      quiz: fc.constantFrom('questions' as const, 'attempts' as const),
      locale,
      spoilers,
    }),
    fc.record({ kind: fc.constant('person' as const), slug, locale, level: fc.option(level, { nil: undefined }), spoilers }),
    fc.record({
      kind: fc.constant('person' as const),
      slug,
      locale,
      malformed: fc.record({ field: fc.constant('level' as const), value: malformedLevel }),
    }),
    fc.record({ kind: fc.constant('people' as const), locale }),
    fc.record({ kind: fc.constant('search' as const), locale, query: fc.string({ maxLength: 30 }), spoilers }),
    fc.record({
      kind: fc.constant('search' as const),
      locale,
      query: fc.string({ maxLength: 30 }).map((q) => q.replace(/[\u0000-\u001f]/gu, ' ').trim()),
      level,
      source: fc.constantFrom('query' as const, 'cookie' as const),
    }),
    fc.record({ kind: fc.constant('list' as const), page: fc.integer({ min: 1, max: 9_999_999 }) }),
    fc.record({ kind: fc.constant('list' as const), page: fc.integer({ min: 1, max: 9_999_999 }), locale: fc.constantFrom('fr', 'fr-CA') }),
  )
  .map((a) => defined(a) as ReaderAddress);

// The expressions the addresses were read by before this module (proxy.ts, lib/reader/reader-level.ts,
// lib/reader/level-cookie.mjs, lib/reader/search-address.ts, lib/reader/film-filter.ts): whatever none of them
// took for a reader address, parseAddress must not take either.
const OLD = [
  /^\/(films|people)\/([^/]+)\/?$/,
  /^\/films\/([^/]+)(?:\/level\/[^/]*|\/upto\/[^/]*)?\/?$/u,
  /^\/people\/([^/]+)(?:\/level\/[^/]*)?\/?$/u,
  /^\/search\/level\/[^/]*(\/.*)?$/u,
  /^\/films\/([^/]+)\/quiz\/?$/u,
  /^\/films\/([^/]+)(\/quiz\/?|\/level\/[^/]+\/?|\/upto\/[^/]+\/?|\/?)$/u,
  /^\/(?:films\/[^/]+|people\/[^/]+|search)\/level\/([^/]*)(?:\/|$)/,
  /^\/films\/[^/]+\/upto\/([^/]*)\/?$/,
  /^\/(?:api\/v1\/)?films\/([^/]+)(?:\/quiz(?:\/answers|\/attempts)?)?\/?$/,
  /^\/search\/?$/u,
  /^\/$|^\/page\/([1-9]\d{0,6})\/?$/u,
  // A film's page and search in a translation's language: a language tag before them.
  /^\/[a-z]{2,3}(?:-[A-Z]{2})?\/films\/([^/]+)(?:\/level\/[^/]*|\/upto\/[^/]*)?\/?$/u,
  /^\/[a-z]{2,3}(?:-[A-Z]{2})?\/search(?:\/level\/[^/]*(\/.*)?)?\/?$/u,
  // The film list in a translation's language.
  /^\/[a-z]{2,3}(?:-[A-Z]{2})?(?:\/page\/([1-9]\d{0,6}))?\/?$/u,
  // A person's page in a translation's language, and the index of people in every language.
  /^\/[a-z]{2,3}(?:-[A-Z]{2})?\/people\/([^/]+)(?:\/level\/[^/]*)?\/?$/u,
  /^(?:\/[a-z]{2,3}(?:-[A-Z]{2})?)?\/people\/?$/u,
];

describe('reader addresses', () => {
  it('read back what they write, for every kind of address', () => {
    fc.assert(
      fc.property(address, (a) => {
        const path = buildAddress(a);
        expect(parseAddress(path)).toEqual(a);
        expect(buildAddress(parseAddress(path)!)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });

  it('take nothing the old expressions did not take for a reader address', () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'films',
        'fr',
        'fr-CA',
        'people',
        'search',
        'level',
        'upto',
        'quiz',
        'answers',
        'attempts',
        'api',
        'v1',
        'page',
        'full',
        'none',
        '7',
        '0',
        '',
        'x',
        '%E0',
        'a%2Fb',
      ),
      fc.string({ maxLength: 4 }).filter((s) => !s.includes('?') && !s.includes('#')),
    );
    const path = fc
      .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean())
      .map(([parts, slash]) => `/${parts.join('/')}${slash ? '/' : ''}`);
    fc.assert(
      fc.property(path, (p) => {
        if (!OLD.some((old) => old.test(p))) expect(parseAddress(p)).toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it("name a film's page and quiz in a translation's language", () => {
    expect(parseAddress('/fr/films/kiss-and-cry')).toEqual({ kind: 'film', slug: 'kiss-and-cry', locale: 'fr' });
    expect(parseAddress('/fr/films/kiss-and-cry/upto/3?spoilers=full')).toEqual({
      kind: 'film',
      slug: 'kiss-and-cry',
      locale: 'fr',
      upto: 3,
      spoilers: 'full',
    });
    expect(variantOf('/fr/films/kiss-and-cry', { level: 'light' })).toBe('/fr/films/kiss-and-cry/level/light');
    expect(variantOf('/fr/films/kiss-and-cry/level/full', { level: 'none', upto: 2 })).toBe('/fr/films/kiss-and-cry/upto/2');
    expect(filmPath('kiss-and-cry', 'fr')).toBe('/fr/films/kiss-and-cry');
    expect(parseAddress('/fr/search?q=chevaux')).toEqual({ kind: 'search', locale: 'fr', query: 'chevaux' });
    expect(variantOf('/fr/search/level/full/query', { level: 'none' })).toBe('/fr/search/level/none/query');
    expect(parseAddress('/fr/films/kiss-and-cry/quiz')).toEqual({ kind: 'quiz', slug: 'kiss-and-cry', locale: 'fr' });
    expect(quizPath('kiss-and-cry', 'fr')).toBe('/fr/films/kiss-and-cry/quiz');
    expect(buildAddress({ kind: 'film-api', slug: 'kiss-and-cry', quiz: 'attempts', locale: 'fr', spoilers: 'full' })).toBe(
      '/api/v1/films/kiss-and-cry/quiz/attempts?locale=fr&spoilers=full',
    );
    for (const other of ['/FR/films/kiss-and-cry', '/FR/people/x', '/FR', '/f', '/fr/page/0', '/f/films/x', '/f/people'])
      expect(parseAddress(other)).toBeNull();
  });

  it("name the film list in a translation's language, its first page without a page number", () => {
    expect(parseAddress('/fr')).toEqual({ kind: 'list', page: 1, locale: 'fr' });
    expect(parseAddress('/fr/')).toEqual({ kind: 'list', page: 1, locale: 'fr' });
    expect(parseAddress('/fr-CA/page/3')).toEqual({ kind: 'list', page: 3, locale: 'fr-CA' });
    expect(buildAddress({ kind: 'list', page: 1, locale: 'fr' })).toBe('/fr');
    expect(buildAddress({ kind: 'list', page: 2, locale: 'fr' })).toBe('/fr/page/2');
    expect(listPath('fr')).toBe('/fr');
    expect(listPath()).toBe('/');
    expect(translatedListRoute('fr', 1)).toBe('/fr/page/1');
    expect(buildAddress({ kind: 'film-api', slug: 'kiss-and-cry', locale: 'fr' })).toBe('/api/v1/films/kiss-and-cry?locale=fr');
    expect(parseAddress('/api/v1/films/kiss-and-cry?locale=fr')).toEqual({ kind: 'film-api', slug: 'kiss-and-cry', locale: 'fr' });
  });

  it("name a person's page and the index of people in a translation's language", () => {
    expect(parseAddress('/fr/people/sarah-bramms')).toEqual({ kind: 'person', slug: 'sarah-bramms', locale: 'fr' });
    expect(parseAddress('/fr/people/sarah-bramms/level/light?spoilers=full')).toEqual({
      kind: 'person',
      slug: 'sarah-bramms',
      locale: 'fr',
      level: 'light',
      spoilers: 'full',
    });
    expect(parseAddress('/fr/people/x/level/FULL')).toEqual({
      kind: 'person',
      slug: 'x',
      locale: 'fr',
      malformed: { field: 'level', value: 'FULL' },
    });
    expect(variantOf('/fr/people/sarah-bramms', { level: 'light' })).toBe('/fr/people/sarah-bramms/level/light');
    expect(variantOf('/fr/people/sarah-bramms/level/full', { level: 'none', upto: 2 })).toBe('/fr/people/sarah-bramms/level/none');
    expect(routeLevelOf('/fr/people/sarah-bramms/level/full')).toBe('full');
    expect(personPath('sarah-bramms', 'fr')).toBe('/fr/people/sarah-bramms');
    expect(buildAddress({ kind: 'person', slug: 'sarah-bramms', locale: 'fr', spoilers: 'none' })).toBe(
      '/fr/people/sarah-bramms?spoilers=none',
    );
    expect(parseAddress('/people')).toEqual({ kind: 'people' });
    expect(parseAddress('/fr/people/')).toEqual({ kind: 'people', locale: 'fr' });
    expect(parseAddress('/fr/people?spoilers=full')).toEqual({ kind: 'people', locale: 'fr' });
    expect(peoplePath()).toBe('/people');
    expect(peoplePath('fr')).toBe('/fr/people');
    expect(variantOf('/fr/people', { level: 'full' })).toBeNull();
    for (const other of ['/fr/people/x/level', '/fr/people/x/y', '/fr/fr/people', '/people/x/level/full/more'])
      expect(parseAddress(other)).toBeNull();
  });

  it('name the film, its level, point and quiz, and refuse what is no level or no number', () => {
    expect(parseAddress('/films/kiss-and-cry/')).toEqual({ kind: 'film', slug: 'kiss-and-cry' });
    expect(parseAddress('/films/kiss-and-cry/level/light')).toEqual({ kind: 'film', slug: 'kiss-and-cry', level: 'light' });
    expect(parseAddress('/films/kiss-and-cry/upto/007')).toEqual({ kind: 'film', slug: 'kiss-and-cry', upto: 7 });
    expect(parseAddress('/films/kiss-and-cry/upto/1000')).toEqual({ kind: 'film', slug: 'kiss-and-cry', upto: 1000 });
    expect(parseAddress('/films/kiss-and-cry/level/FULL')).toEqual({
      kind: 'film',
      slug: 'kiss-and-cry',
      malformed: { field: 'level', value: 'FULL' },
    });
    expect(parseAddress('/films/kiss-and-cry/upto/1e3')).toEqual({
      kind: 'film',
      slug: 'kiss-and-cry',
      malformed: { field: 'upto', value: '1e3' },
    });
    expect(parseAddress('/films/kiss-and-cry/quiz')).toEqual({ kind: 'quiz', slug: 'kiss-and-cry' });
    expect(parseAddress('/films/kiss-and-cry/quiz/answers')).toEqual({ kind: 'quiz', slug: 'kiss-and-cry', answers: true });
    expect(parseAddress('/api/v1/films/kiss-and-cry?upto=3')).toEqual({ kind: 'film-api', slug: 'kiss-and-cry' });
    expect(parseAddress('/films/kiss-and-cry?spoilers=light')).toEqual({ kind: 'film', slug: 'kiss-and-cry', spoilers: 'light' });
    expect(parseAddress('/films/%E0')).toBeNull();
    for (const other of [
      '/films',
      '/films/x/level',
      '/films/x/quiz/attempts',
      '/films/x/level/full/more',
      '/editor/films/x',
      '/page/0',
      '/page/1x',
    ])
      expect(parseAddress(other)).toBeNull();
  });

  it('name people, searches and list pages', () => {
    expect(parseAddress('/people/sarah-bramms/')).toEqual({ kind: 'person', slug: 'sarah-bramms' });
    expect(parseAddress('/search?q=ice+rink&spoilers=full')).toEqual({ kind: 'search', query: 'ice rink', spoilers: 'full' });
    expect(parseAddress('/search/level/none/cookie')).toEqual({ kind: 'search', query: '', level: 'none', source: 'cookie' });
    expect(parseAddress('/search/level/none/header')).toBeNull();
    expect(parseAddress('/')).toEqual({ kind: 'list', page: 1 });
    expect(parseAddress('/page/3')).toEqual({ kind: 'list', page: 3 });
    expect(buildAddress({ kind: 'list', page: 1 })).toBe('/');
  });

  it('write the links pages carry', () => {
    expect(filmPath('kiss-and-cry')).toBe('/films/kiss-and-cry');
    expect(personPath('sarah-bramms')).toBe('/people/sarah-bramms');
    expect(personPath('sarah-bramms', 'fr')).toBe('/fr/people/sarah-bramms');
    expect(quizPath('kiss-and-cry')).toBe('/films/kiss-and-cry/quiz');
    expect(buildAddress({ kind: 'quiz', slug: 'kiss-and-cry', spoilers: 'light' })).toBe('/films/kiss-and-cry/quiz?spoilers=light');
  });

  it('rewrite a page onto the variant of its reading, and leave every other address alone', () => {
    expect(variantOf('/films/kiss-and-cry/', { level: 'none' })).toBe('/films/kiss-and-cry/level/none');
    expect(variantOf('/films/kiss-and-cry', { level: 'none', upto: 4 })).toBe('/films/kiss-and-cry/upto/4');
    expect(variantOf('/people/sarah-bramms', { level: 'full' })).toBe('/people/sarah-bramms/level/full');
    for (const path of [
      '/films/kiss-and-cry/quiz',
      '/films/kiss-and-cry/quiz/answers',
      '/films',
      '/',
      '/search',
      '/api/v1/films/kiss-and-cry',
    ])
      expect(variantOf(path, { level: 'full' })).toBeNull();
    expect(routeLevelOf('/films/x/level/light')).toBe('light');
    expect(routeLevelOf('/films/x')).toBeNull();
  });
});
