import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { visibleFilm } from './visible-film';
import { parseSpoilerLevel, isVisibleAt } from './levels';
import { levelsUpTo } from './levels-up-to';

describe('spoiler levels', () => {
  it('orders none < light < full', () => {
    expect(isVisibleAt('none', 'none')).toBe(true);
    expect(isVisibleAt('light', 'none')).toBe(false);
    expect(isVisibleAt('light', 'full')).toBe(true);
    expect(levelsUpTo('light')).toEqual(['none', 'light']);
  });

  it('reads unknown input as the safe default', () => {
    expect(parseSpoilerLevel('FULL')).toBe('none');
    expect(parseSpoilerLevel(undefined)).toBe('none');
    expect(parseSpoilerLevel('light')).toBe('light');
  });
});

describe('visibleFilm', () => {
  const content = sampleFilm();

  it('never contains text above the level', () => {
    const none = JSON.stringify(visibleFilm(content, 'none'));
    expect(none).toContain('NONEWORD');
    expect(none).not.toContain('LIGHTWORD');
    expect(none).not.toContain('FULLWORD');
    const light = JSON.stringify(visibleFilm(content, 'light'));
    expect(light).toContain('LIGHTWORD');
    expect(light).not.toContain('FULLWORD');
  });

  it('counts what it holds back', () => {
    const none = visibleFilm(content, 'none');
    expect(none.hidden).toEqual({
      events: 2,
      characters: 1,
      themes: 1,
      setting: false,
      story: true,
      kind: 4,
      contentNotes: 1,
      trivia: 1,
      stills: 0,
    });
    expect(none.events.map((e) => e.number)).toEqual([1]);
    expect(none.quiz).toEqual({ visible: 1, total: 2 });
  });

  it('shows everything at full', () => {
    const full = visibleFilm(content, 'full');
    expect(full.story).toBe(content.story);
    expect(full.hidden).toEqual({
      events: 0,
      characters: 0,
      themes: 0,
      setting: false,
      story: false,
      kind: 0,
      contentNotes: 0,
      trivia: 0,
      stills: 0,
    });
    expect(full.cast.map((p) => p.slug)).toEqual(['pat-doe', 'lee-roe']);
  });
});
