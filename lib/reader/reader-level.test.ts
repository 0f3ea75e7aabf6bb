import { describe, expect, it } from 'vitest';
import {
  MAX_FILM_CHOICES,
  chooseLevel,
  filmAddress,
  levelVariantPath,
  parseLevelCookie,
  quizFilmSlug,
  readerAddress,
  readerLevel,
  returnToSection,
  safeReturnPath,
  serializeLevelCookie,
  setLevelHref,
} from './reader-level';

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
    for (const path of [
      '/films/kiss-and-cry/quiz',
      '/films/kiss-and-cry/quiz/answers',
      '/films',
      '/',
      '/search',
      '/api/v1/films/kiss-and-cry',
      '/films/x/level/full',
    ])
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
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '', null, 'films/x'])
      expect(safeReturnPath(bad)).toBe('/');
  });
});

describe('a level per film in the cookie', () => {
  it('reads the old cookie (one level) as the level for all films', () => {
    expect(parseLevelCookie('light')).toEqual({ all: 'light', films: [] });
    expect(readerLevel(null, 'light', 'kiss-and-cry')).toBe('light');
  });

  it('gives each film its own level, else the level for all films, else none', () => {
    const cookie = 'light~kiss-and-cry.full~other-film.none';
    expect(readerLevel(null, cookie, 'kiss-and-cry')).toBe('full');
    expect(readerLevel(null, cookie, 'other-film')).toBe('none');
    expect(readerLevel(null, cookie, 'third-film')).toBe('light');
    expect(readerLevel(null, cookie)).toBe('light');
    expect(readerLevel(null, 'kiss-and-cry.full', 'third-film')).toBe('none');
    expect(readerLevel('none', cookie, 'kiss-and-cry')).toBe('none');
  });

  it('ignores tokens it does not understand and keeps the first choice of a film', () => {
    expect(parseLevelCookie('Full~x.y~KISS.full~a.full~a.none~../..~light~none')).toEqual({
      all: 'light',
      films: [{ slug: 'a', level: 'full' }],
    });
  });

  it('choosing for one film puts it first and leaves the others', () => {
    let choices = chooseLevel(parseLevelCookie(undefined), 'full', { film: 'kiss-and-cry' });
    expect(serializeLevelCookie(choices)).toBe('kiss-and-cry.full');
    choices = chooseLevel(choices, 'light', { film: 'other' });
    expect(serializeLevelCookie(choices)).toBe('other.light~kiss-and-cry.full');
    // Back to the level every other film has: no entry needed.
    choices = chooseLevel(choices, 'none', { film: 'kiss-and-cry' });
    expect(serializeLevelCookie(choices)).toBe('other.light');
  });

  it('"for all films" replaces every film’s choice; the default level keeps them', () => {
    const choices = parseLevelCookie('none~kiss-and-cry.full~other.light');
    expect(serializeLevelCookie(chooseLevel(choices, 'light', 'every-film'))).toBe('light');
    expect(serializeLevelCookie(chooseLevel(choices, 'light', 'default'))).toBe('light~kiss-and-cry.full');
  });

  it('stays bounded, the oldest choices dropping off', () => {
    let choices = parseLevelCookie('light');
    for (let i = 0; i < MAX_FILM_CHOICES + 30; i += 1) choices = chooseLevel(choices, 'full', { film: `film-${'x'.repeat(100)}-${i}` });
    const cookie = serializeLevelCookie(choices);
    expect(cookie.length).toBeLessThanOrEqual(3000);
    const read = parseLevelCookie(cookie);
    expect(read.all).toBe('light');
    expect(read.films[0].slug).toBe(`film-${'x'.repeat(100)}-${MAX_FILM_CHOICES + 29}`);
    expect(read.films.length).toBeLessThan(MAX_FILM_CHOICES);
  });

  it('links to the cookie route for one film, for every film, or for films without their own', () => {
    expect(setLevelHref('full', '/films/a#timeline', { film: 'a' })).toBe('/spoilers?level=full&film=a&return=%2Ffilms%2Fa%23timeline');
    expect(setLevelHref('full', '/films/a', 'every-film')).toBe('/spoilers?level=full&films=all&return=%2Ffilms%2Fa');
  });

  it('points a level link back at the section being read', () => {
    const href = setLevelHref('light', '/films/a', { film: 'a' });
    expect(returnToSection(href, 'timeline')).toBe('/spoilers?level=light&film=a&return=%2Ffilms%2Fa%23timeline');
    expect(returnToSection(returnToSection(href, 'timeline'), null)).toBe('/spoilers?level=light&film=a&return=%2Ffilms%2Fa');
    expect(returnToSection('/editor/films/a/preview?level=full#story', 'kind')).toBe('/editor/films/a/preview?level=full#kind');
    expect(returnToSection('#preview-level-full', 'kind')).toBe('#preview-level-full');
  });
});

describe('filmAddress', () => {
  it('names the film and the rest of any film address', () => {
    expect(filmAddress('/films/old-name')).toEqual({ slug: 'old-name', rest: '' });
    expect(filmAddress('/films/old-name/quiz')).toEqual({ slug: 'old-name', rest: '/quiz' });
    expect(filmAddress('/films/old-name/level/full')).toEqual({ slug: 'old-name', rest: '/level/full' });
    expect(filmAddress('/films/old-name/quiz/answers')).toBeNull();
    expect(filmAddress('/people/someone')).toBeNull();
  });
});

describe('the cookie, read up to a point', () => {
  it('keeps a film’s point beside levels, newest first, and a level for the film replaces it', async () => {
    const { chooseLevel, chooseUpto, parseLevelCookie, serializeLevelCookie } = await import('./reader-level');
    const read = chooseUpto(parseLevelCookie('light~other.full'), 'kiss-and-cry', 6);
    expect(serializeLevelCookie(read)).toBe('light~kiss-and-cry.6~other.full');
    expect(parseLevelCookie('light~kiss-and-cry.6~other.full')).toEqual(read);
    expect(serializeLevelCookie(chooseLevel(read, 'full', { film: 'kiss-and-cry' }))).toBe('light~kiss-and-cry.full~other.full');
    // A new level for films without their own choice keeps the film's point.
    expect(serializeLevelCookie(chooseLevel(read, 'none', 'default'))).toBe('none~kiss-and-cry.6~other.full');
    expect(parseLevelCookie('kiss-and-cry.1000').films).toEqual([]);
  });
});
