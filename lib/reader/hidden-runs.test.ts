import { describe, expect, it } from 'vitest';
import { splitTimeline, withHiddenRuns } from './hidden-runs';

const items = (...numbers: number[]) => numbers.map((number) => ({ number }));

describe('withHiddenRuns', () => {
  it('puts a placeholder where held-back items would be', () => {
    expect(withHiddenRuns(items(1, 2, 5), 7)).toEqual([
      { kind: 'item', item: { number: 1 } },
      { kind: 'item', item: { number: 2 } },
      { kind: 'hidden', count: 2, first: 3 },
      { kind: 'item', item: { number: 5 } },
      { kind: 'hidden', count: 2, first: 6 },
    ]);
  });

  it('is one placeholder when everything is hidden, and none when nothing is', () => {
    expect(withHiddenRuns([], 3)).toEqual([{ kind: 'hidden', count: 3, first: 1 }]);
    expect(withHiddenRuns(items(1, 2), 2).every((row) => row.kind === 'item')).toBe(true);
  });
});

describe('splitTimeline', () => {
  it('shows the first ten visible events and counts the others', () => {
    const rows = withHiddenRuns(items(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), 13);
    const { shown, more, moreCount } = splitTimeline(rows);
    expect(shown).toHaveLength(10);
    expect(more).toHaveLength(3);
    expect(moreCount).toBe(3);
  });

  it('counts events, not placeholders', () => {
    const rows = withHiddenRuns(items(1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14), 15);
    const { shown, moreCount, more } = splitTimeline(rows);
    expect(shown.filter((row) => row.kind === 'item')).toHaveLength(10);
    expect(moreCount).toBe(2);
    expect(more.at(-1)).toEqual({ kind: 'hidden', count: 1, first: 15 });
  });

  it('has nothing more to show with ten events or fewer', () => {
    expect(splitTimeline(withHiddenRuns(items(1, 2, 3), 5)).moreCount).toBe(0);
  });
});
