import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import type { FilmContent } from '../../content/schema';
import { describeMergedChange, unitRows } from './merge-display';
import { findMergeUnits } from './three-way-merge';

const base = sampleFilm();
const edit = (change: (c: FilmContent) => void) => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};

describe('unitRows (what the conflict screen shows per unit)', () => {
  it('shows a field unit as one row, its value as text on each side', () => {
    const theirs = edit((c) => (c.events[0].title = 'Their title'));
    const mine = edit((c) => (c.events[0].spoiler = 'full'));
    const rows = findMergeUnits(base, theirs, mine).map((unit) =>
      unitRows(unit, { base, theirs, mine }).map((r) => [r.label, r.base, r.theirs, r.mine]),
    );
    expect(rows).toEqual([
      [['Event 1 “Their title” · title', 'Arrival NONEWORD', 'Their title', 'Arrival NONEWORD']],
      [['Event 1 “Their title” · spoiler level', 'none', 'none', 'full']],
    ]);
  });

  it('shows a deleted item as missing on that side, with all its filled fields', () => {
    const theirs = edit((c) => c.themes.pop());
    const mine = edit((c) => (c.themes[1].description = 'Mine'));
    const [unit] = findMergeUnits(base, theirs, mine);
    const rows = unitRows(unit, { base, theirs, mine });
    expect(rows.map((r) => r.label)).toEqual(['title', 'description', 'spoiler level']);
    expect(rows.every((r) => r.theirs === null)).toBe(true);
  });

  it('shows an order unit as numbered titles', () => {
    const theirs = edit((c) => c.events.reverse());
    const [unit] = findMergeUnits(base, theirs, base);
    expect(unitRows(unit, { base, theirs, mine: base })[0].theirs).toBe('1. Ending FULLWORD\n2. Training LIGHTWORD\n3. Arrival NONEWORD');
  });

  it('says in words what merged by itself: who, and the value it gives', () => {
    const theirs = edit((c) => {
      c.setting.era = '1990s';
      c.themes.pop();
      c.events.reverse();
    });
    const mine = edit((c) => {
      c.setting.place = '';
      c.kind.moods.push({ id: 'm9', label: 'wistful', spoiler: 'none' });
    });
    expect(findMergeUnits(base, theirs, mine).map(describeMergedChange)).toEqual([
      'Order of events: reordered by them',
      'Setting · era: their change, “1990s”',
      'Setting · place: your change, emptied',
      'Theme 02 “Loss” deleted by them',
      'Mood keyword “wistful” added by you',
    ]);
  });
});
