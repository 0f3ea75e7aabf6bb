import { diffArrays } from 'diff';
import type { Item } from './page-model';

/** What happened to one list item between two versions, matched by its `id`, never by position. */
export type ListItemChange =
  | { type: 'added'; id: string; item: Item; at: number }
  | { type: 'removed'; id: string; item: Item; at: number }
  | { type: 'changed'; id: string; before: Item; after: Item; at: number }
  | { type: 'moved'; id: string; item: Item; from: number; to: number };

/**
 * Compares two versions of a list. Positions (`at`, `from`, `to`) count from 1. An item counts as
 * moved when it left the longest run of items that kept their relative order: moving event 5 to
 * the top moves event 5, not the four events it jumped over.
 */
export function diffList(before: Item[], after: Item[], same: (a: Item, b: Item) => boolean): ListItemChange[] {
  const beforeAt = new Map(before.map((item, i) => [item.id, i]));
  const afterAt = new Map(after.map((item, i) => [item.id, i]));
  const changes: ListItemChange[] = [];

  after.forEach((item, i) => {
    const old = beforeAt.get(item.id);
    if (old === undefined) changes.push({ type: 'added', id: item.id, item, at: i + 1 });
    else if (!same(before[old], item)) changes.push({ type: 'changed', id: item.id, before: before[old], after: item, at: i + 1 });
  });
  before.forEach((item, i) => {
    if (!afterAt.has(item.id)) changes.push({ type: 'removed', id: item.id, item, at: i + 1 });
  });

  const keptBefore = before.filter((item) => afterAt.has(item.id)).map((item) => item.id);
  const keptAfter = after.filter((item) => beforeAt.has(item.id)).map((item) => item.id);
  for (const id of movedIds(keptBefore, keptAfter)) {
    const to = afterAt.get(id)!;
    changes.push({ type: 'moved', id, item: after[to], from: beforeAt.get(id)! + 1, to: to + 1 });
  }
  return changes;
}

/** Ids outside the longest common subsequence of two orderings of the same ids (jsdiff's diffArrays). */
export function movedIds(before: string[], after: string[]): string[] {
  if (before.length === after.length && before.every((id, i) => id === after[i])) return [];
  return diffArrays(before, after)
    .filter((change) => change.added)
    .flatMap((change) => change.value);
}
