import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../import';
import { readingPointsFrom, readingPointsOf, suggestFilmLevels } from '../story-position';
import { SINGLE_ITEM, clampPoint, levelAtPoint, parseReadingPoints, readingKeyOfRow, shownUpTo, type ReadingPoints } from './reading-point';

const POINTS: ReadingPoints = {
  events: ['none', 'none', 'light', 'full'],
  items: { e1: 1, e2: 2, e3: 3, e4: 4, c1: 0, c2: 3, tone: 0, ending: 4, [SINGLE_ITEM]: 2 },
};

describe('levelAtPoint', () => {
  it('is the highest level of the events seen, and full once every event is seen', () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => levelAtPoint(POINTS, n))).toEqual(['none', 'none', 'none', 'light', 'full', 'full']);
  });
  it('is none for a film published without points (the safe default)', () => {
    expect(levelAtPoint(null, 99)).toBe('none');
  });
  it('does not come down when a later event is at a lower level', () => {
    expect(levelAtPoint({ events: ['light', 'none', 'none'], items: {} }, 2)).toBe('light');
  });
});

describe('shownUpTo', () => {
  const event = (id: string, spoiler: string) => ({ itemId: id, position: 0, spoiler });
  it('shows an item once its point is seen and its level is that of the events seen', () => {
    expect([0, 1, 2].map((n) => shownUpTo(POINTS, n, event('e1', 'none')))).toEqual([false, true, true]);
    expect([2, 3].map((n) => shownUpTo(POINTS, n, event('c2', 'light')))).toEqual([false, true]);
    // Revealed early by the story, but the editor set it at full: only a reader past a full event sees it.
    expect([0, 3, 4].map((n) => shownUpTo(POINTS, n, event('c1', 'full')))).toEqual([false, false, true]);
  });
  it('reads kind-of-film values by key, the setting as the single item, and keeps rows without a level', () => {
    expect(shownUpTo(POINTS, 0, { key: 'tone', value: 'Sad' })).toBe(true);
    expect(shownUpTo(POINTS, 3, { key: 'ending', value: 'Sad' })).toBe(false);
    expect(shownUpTo(POINTS, 4, { key: 'ending', value: 'Sad' })).toBe(true);
    expect([1, 2].map((n) => shownUpTo(POINTS, n, { era: '2010s', spoiler: 'none' }))).toEqual([false, true]);
    expect(shownUpTo(POINTS, 0, { role: 'director', personId: 'p1' })).toBe(true);
  });
  it('shows an item the points do not know only at level none, or once every event is seen', () => {
    expect(shownUpTo(POINTS, 0, { itemId: 'still-1', spoiler: 'none' })).toBe(true);
    expect(shownUpTo(POINTS, 3, { itemId: 'still-2', spoiler: 'light' })).toBe(false);
    expect(shownUpTo(POINTS, 4, { itemId: 'still-2', spoiler: 'light' })).toBe(true);
  });
  it('keys rows by item id, then key, then the single item', () => {
    expect(readingKeyOfRow({ itemId: 'a', key: 'b' })).toBe('a');
    expect(readingKeyOfRow({ key: 'b' })).toBe('b');
    expect(readingKeyOfRow({ spoiler: 'none' })).toBe(SINGLE_ITEM);
    expect(readingKeyOfRow({ name: 'x' })).toBeNull();
  });
});

describe('parseReadingPoints', () => {
  it('reads what publish stores and refuses anything else', () => {
    expect(parseReadingPoints(JSON.parse(JSON.stringify(POINTS)))).toEqual(POINTS);
    expect(parseReadingPoints(null)).toBeNull();
    expect(parseReadingPoints({ events: ['most'], items: {} })).toBeNull();
    expect(parseReadingPoints({ events: [], items: { a: -1, b: 1.5, c: 2 } })).toEqual({ events: [], items: { c: 2 } });
  });
  it('clamps a point to the timeline', () => {
    expect([-1, 2, 99].map((n) => clampPoint(POINTS, n))).toEqual([0, 2, 4]);
  });
});

describe('readingPointsOf, on the demo film', () => {
  const { content } = parsePage(readFileSync(path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.page.txt'), 'utf8'));
  const points = readingPointsOf(content);

  it('places every event at its own place or later, and every item at its suggestion', () => {
    content.events.forEach((event, i) => expect(points.items[event.id]).toBeGreaterThanOrEqual(i + 1));
    for (const s of suggestFilmLevels(content)) if (s.id) expect(points.items[s.id]).toBeGreaterThanOrEqual(s.revealedAt ?? 0);
    expect(points.events).toEqual(content.events.map((e) => e.spoiler));
    expect(points.items.ending).toBe(content.events.length);
  });

  it('never shows an item before the point its suggestion names, at any point', () => {
    const suggestions = suggestFilmLevels(content).filter((s) => s.id);
    for (let n = 0; n <= content.events.length; n++)
      for (const s of suggestions) {
        const shown = shownUpTo(points, n, { itemId: s.id, spoiler: s.current });
        if ((s.revealedAt ?? 0) > n) expect(shown, `${s.path} at ${n}`).toBe(false);
      }
  });

  it('keeps the later point when two items share a key', () => {
    const twice = readingPointsFrom(
      [],
      [
        {
          path: 'themes.0',
          id: 'x',
          part: 'theme',
          label: '',
          current: 'none',
          suggested: 'none',
          revealedAt: 2,
          reason: '',
          evidence: null,
        },
        {
          path: 'trivia.0',
          id: 'x',
          part: 'trivia',
          label: '',
          current: 'none',
          suggested: 'none',
          revealedAt: 1,
          reason: '',
          evidence: null,
        },
      ],
    );
    expect(twice.items.x).toBe(2);
  });
});
