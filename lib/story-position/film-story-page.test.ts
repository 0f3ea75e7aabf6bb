import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../import';
import { LISTS, PARTS } from '../films/diff/page-model';
import { countByLevel } from '../spoilers/level-counts';
import { storyItemsOf, storyPageOf } from './film-story-page';
import { withLevels } from './suggest-levels';

const demo = parsePage(readFileSync(path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.page.txt'), 'utf8')).content;

describe('the items of a page, as the suggestions read them', () => {
  it('has every item that carries a spoiler level and holds text, as the level counts count them', () => {
    const items = storyItemsOf(demo);
    const counts = countByLevel(demo);
    const counted = (part: keyof typeof counts) => Object.values(counts[part]).reduce((a, b) => a + b, 0);
    const of = (...parts: string[]) => items.filter((i) => parts.includes(i.part)).length;
    expect(of('event')).toBe(counted('events'));
    expect(of('character')).toBe(counted('characters'));
    expect(of('theme')).toBe(counted('themes'));
    expect(of('setting')).toBe(counted('setting'));
    expect(of('trait', 'summary', 'mood')).toBe(counted('kind'));
    expect(of('contentNote')).toBe(counted('contentNotes'));
    expect(of('question')).toBe(counted('questions'));
  });

  it('walks every part and list of the page model that has a level', () => {
    const leveled = [...PARTS, ...LISTS].filter((spec) => spec.fields?.some((f) => f.kind === 'level')).map((spec) => spec.key);
    const content = {
      ...demo,
      poster: { image: 'a'.repeat(32), alt: 'Carley on the ice', spoiler: 'none' as const },
      stills: [{ id: 's1', image: 'b'.repeat(32), alt: 'The rink', caption: 'Practice', spoiler: 'full' as const }],
    };
    const walked = new Set(storyItemsOf(content).map((item) => item.path.replace(/\.\d+$/u, '')));
    expect([...walked].sort()).toEqual([...leveled].sort());
  });

  it('names every item by the path of the object that holds its level', () => {
    for (const item of storyItemsOf(demo)) {
      const changed = withLevels(demo, [{ path: item.path, level: 'light' }]);
      expect(storyItemsOf(changed).find((i) => i.path === item.path)?.level).toBe('light');
    }
    expect(() => withLevels(demo, [{ path: 'events.99', level: 'none' }])).toThrow(/events\.99/u);
    expect(() => withLevels(demo, [{ path: 'premise', level: 'none' }])).toThrow();
  });

  it('gives every text its field path, quiz options and tags one by one', () => {
    const question = storyItemsOf(demo).find((i) => i.path === 'quiz.questions.4')!;
    expect(question.texts.map((t) => t.field)).toEqual([
      'quiz.questions.4.prompt',
      'quiz.questions.4.options.0.text',
      'quiz.questions.4.options.1.text',
      'quiz.questions.4.options.2.text',
      'quiz.questions.4.options.3.text',
      'quiz.questions.4.explanation',
    ]);
    expect(
      storyItemsOf(demo)
        .find((i) => i.path === 'characters.0')!
        .texts.map((t) => t.field),
    ).toContain('characters.0.tags.2.label');
  });

  it('lists what every reader sees: the title, the premise and the summary lines at level none, with the items they name', () => {
    const page = storyPageOf(demo);
    expect(page.shown.map((s) => s.path)).toEqual([
      'title',
      'premise',
      'summary.timeline',
      'summary.characters',
      'summary.setting',
      'summary.themes',
      'summary.kind',
    ]);
    expect(page.shown.find((s) => s.path === 'summary.timeline')!.from).toEqual(['events.0']);
    expect(page.shown.find((s) => s.path === 'summary.characters')!.from).toEqual(['characters.0', 'characters.1', 'characters.2']);
    expect(page.shown.find((s) => s.path === 'summary.kind')!.from).toEqual(['kind.tone', 'kind.pacing', 'kind.story']);
    const hidden = withLevels(demo, [{ path: 'events.0', level: 'light' }]);
    expect(storyPageOf(hidden).shown.find((s) => s.path === 'summary.timeline')!.from).toEqual([]);
  });
});
