import { describe, expect, it } from 'vitest';
import { MAX_FILM_CHOICES, levelForFilm, parseLevelCookie } from './level-cookie.mjs';
import { chooseLevel, returnToSection, safeReturnPath, serializeLevelCookie, setLevelHref } from './reader-level';

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
    expect(levelForFilm(parseLevelCookie('light'), 'kiss-and-cry')).toBe('light');
  });

  it('gives each film its own level, else the level for all films, else none', () => {
    const cookie = 'light~kiss-and-cry.full~other-film.none';
    const level = (value: string, film?: string) => levelForFilm(parseLevelCookie(value), film);
    expect(level(cookie, 'kiss-and-cry')).toBe('full');
    expect(level(cookie, 'other-film')).toBe('none');
    expect(level(cookie, 'third-film')).toBe('light');
    expect(level(cookie)).toBe('light');
    expect(level('kiss-and-cry.full', 'third-film')).toBe('none');
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

describe('the cookie, read up to a point', () => {
  it('keeps a film’s point beside levels, newest first, and a level for the film replaces it', async () => {
    const { chooseLevel, chooseUpto, serializeLevelCookie } = await import('./reader-level');
    const read = chooseUpto(parseLevelCookie('light~other.full'), 'kiss-and-cry', 6);
    expect(serializeLevelCookie(read)).toBe('light~kiss-and-cry.6~other.full');
    expect(parseLevelCookie('light~kiss-and-cry.6~other.full')).toEqual(read);
    expect(serializeLevelCookie(chooseLevel(read, 'full', { film: 'kiss-and-cry' }))).toBe('light~kiss-and-cry.full~other.full');
    // Nothing seen yet is no point: the film at no spoilers.
    expect(serializeLevelCookie(chooseUpto(read, 'kiss-and-cry', 0))).toBe('light~kiss-and-cry.none~other.full');
    // A new level for films without their own choice keeps the film's point.
    expect(serializeLevelCookie(chooseLevel(read, 'none', 'default'))).toBe('none~kiss-and-cry.6~other.full');
    expect(parseLevelCookie('kiss-and-cry.1000').films).toEqual([]);
  });
});
