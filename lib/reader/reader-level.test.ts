import { describe, expect, it } from 'vitest';
import { levelVariantPath, quizFilmSlug, readerAddress, readerLevel, safeReturnPath, setLevelHref } from './reader-level';

describe('readerLevel', () => {
  it('takes ?spoilers= over the cookie, the cookie over the default', () => {
    expect(readerLevel('full', 'light')).toBe('full');
    expect(readerLevel(null, 'light')).toBe('light');
    expect(readerLevel(undefined, undefined)).toBe('none');
  });

  it('ignores values that are not levels', () => {
    expect(readerLevel('everything', 'light')).toBe('light');
    expect(readerLevel('FULL', 'nonsense')).toBe('none');
  });
});

describe('levelVariantPath', () => {
  it('rewrites film and people pages onto their level variant', () => {
    expect(levelVariantPath('/films/kiss-and-cry', 'light')).toBe('/films/kiss-and-cry/level/light');
    expect(levelVariantPath('/films/kiss-and-cry/', 'none')).toBe('/films/kiss-and-cry/level/none');
    expect(levelVariantPath('/people/sarah-bramms', 'full')).toBe('/people/sarah-bramms/level/full');
  });

  it('leaves every other address alone, the quiz included', () => {
    for (const path of ['/films/kiss-and-cry/quiz', '/films/kiss-and-cry/quiz/answers', '/films', '/', '/search', '/api/v1/films/kiss-and-cry', '/films/x/level/full'])
      expect(levelVariantPath(path, 'full')).toBeNull();
  });
});

describe('readerAddress', () => {
  it('names the section and slug of film and people pages only', () => {
    expect(readerAddress('/films/kiss-and-cry')).toEqual({ section: 'films', slug: 'kiss-and-cry' });
    expect(readerAddress('/people/sarah-bramms/')).toEqual({ section: 'people', slug: 'sarah-bramms' });
    expect(readerAddress('/films/kiss-and-cry/quiz')).toBeNull();
    expect(readerAddress('/search')).toBeNull();
  });

  it('names the film of a quiz address', () => {
    expect(quizFilmSlug('/films/kiss-and-cry/quiz')).toBe('kiss-and-cry');
    expect(quizFilmSlug('/films/kiss-and-cry')).toBeNull();
    expect(quizFilmSlug('/films/kiss-and-cry/quiz/answers')).toBeNull();
  });
});

describe('setting the level', () => {
  it('links to the cookie route with the way back', () => {
    expect(setLevelHref('light', '/films/kiss-and-cry')).toBe('/spoilers?level=light&return=%2Ffilms%2Fkiss-and-cry');
  });

  it('only goes back to paths on this site', () => {
    expect(safeReturnPath('/films/x?a=1')).toBe('/films/x?a=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '', null, 'films/x']) expect(safeReturnPath(bad)).toBe('/');
  });
});
