import { describe, expect, it } from 'vitest';
import { diffList, movedIds } from './list-diff';
import { sameContent } from '../../content/same-content';
import type { Item } from './page-model';

const items = (...ids: string[]): Item[] => ids.map((id) => ({ id, title: `Title ${id}` }));
const types = (before: Item[], after: Item[]) => diffList(before, after, sameContent).map((c) => `${c.type}:${c.id}`);

describe('diffList (items matched by id)', () => {
  it('sees nothing when nothing changed', () => {
    expect(diffList(items('a', 'b'), items('a', 'b'), sameContent)).toEqual([]);
  });

  it('finds added items with their position', () => {
    const changes = diffList(items('a', 'b'), items('a', 'x', 'b', 'y'), sameContent);
    expect(changes).toEqual([
      { type: 'added', id: 'x', item: { id: 'x', title: 'Title x' }, at: 2 },
      { type: 'added', id: 'y', item: { id: 'y', title: 'Title y' }, at: 4 },
    ]);
  });

  it('finds removed items, and the items after them are not "moved"', () => {
    expect(types(items('a', 'b', 'c', 'd'), items('a', 'c', 'd'))).toEqual(['removed:b']);
  });

  it('finds a changed item by id even when its position changed because of an insert', () => {
    const before = items('a', 'b');
    const after = [
      { id: 'x', title: 'New' },
      { id: 'a', title: 'Title a' },
      { id: 'b', title: 'Renamed' },
    ];
    const changes = diffList(before, after, sameContent);
    expect(changes).toEqual([
      { type: 'added', id: 'x', item: after[0], at: 1 },
      { type: 'changed', id: 'b', before: before[1], after: after[2], at: 3 },
    ]);
  });

  it('reports only the item that moved, not the ones it jumped over', () => {
    const changes = diffList(items('a', 'b', 'c', 'd', 'e'), items('e', 'a', 'b', 'c', 'd'), sameContent);
    expect(changes).toEqual([{ type: 'moved', id: 'e', item: { id: 'e', title: 'Title e' }, from: 5, to: 1 }]);
  });

  it('reports a swap of two neighbours as one move', () => {
    expect(types(items('a', 'b', 'c'), items('b', 'a', 'c'))).toHaveLength(1);
  });

  it('combines add, remove, change and move in one list', () => {
    const before = items('a', 'b', 'c', 'd');
    const after = [
      { id: 'd', title: 'Title d' },
      { id: 'a', title: 'Title a' },
      { id: 'c', title: 'Changed c' },
      { id: 'n', title: 'New' },
    ];
    expect(types(before, after).sort()).toEqual(['added:n', 'changed:c', 'moved:d', 'removed:b']);
  });

  it('a replaced item (same title, new id) is a removal and an addition, not a change', () => {
    expect(types([{ id: 'old', title: 'Same' }], [{ id: 'new', title: 'Same' }])).toEqual(['added:new', 'removed:old']);
  });
});

describe('movedIds', () => {
  it('is empty for the same order', () => expect(movedIds(['a', 'b'], ['a', 'b'])).toEqual([]));
  it('returns the fewest ids that explain a reordering', () => {
    expect(movedIds(['a', 'b', 'c', 'd'], ['a', 'd', 'b', 'c'])).toEqual(['d']);
    expect(movedIds(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a'])).toHaveLength(3);
  });
});
