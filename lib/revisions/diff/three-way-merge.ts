import type { FilmContent } from '../../content/schema';
import { PAGE_SECTIONS, type SectionId } from '../../content/page-sections';
import { LISTS, PARTS, type Item, type ListSpec } from './page-model';
import { sameContent } from '../../content/same-content';

/**
 * Three-way merge for a refused save: base (what the editor started from), theirs (the newer
 * revision that won) and mine (what the editor tried to save). The page is cut into units an editor
 * can decide on one by one: each top-level part, each list item (by id) and each list's order.
 * The result is built on top of theirs, so whatever nobody touched, or only they touched, stays.
 */

export type MergeSide = 'theirs' | 'mine';

export type MergeUnit = {
  /** "premise", "kind.ending", "events/e3", "events#order". */
  key: string;
  section: SectionId;
  kind: 'part' | 'item' | 'order';
  label: string;
  /** The list of an item or order unit. */
  list?: string;
  /** Values; `undefined` means the item is not there on that side. For order units: the ids. */
  base: unknown;
  theirs: unknown;
  mine: unknown;
  /** Who changed it since base: only them, only me, or both differently. */
  changedBy: 'theirs' | 'mine' | 'both';
  /** Preselected: the side that changed it; mine when both did (it is the work being saved). */
  suggested: MergeSide;
};

const byId = (items: Item[]) => new Map(items.map((item) => [item.id, item]));

/**
 * Did a side reorder the list? Compared over the items all three versions have, so an added or
 * deleted item never looks like a move.
 */
function orderUnit(list: ListSpec, b: Item[], t: Item[], m: Item[]): MergeUnit | null {
  const everywhere = new Set(b.filter((i) => t.some((x) => x.id === i.id) && m.some((x) => x.id === i.id)).map((i) => i.id));
  const orderOf = (items: Item[]) => items.filter((i) => everywhere.has(i.id)).map((i) => i.id);
  const theirsMoved = !sameContent(orderOf(b), orderOf(t));
  const mineMoved = !sameContent(orderOf(b), orderOf(m));
  if (!theirsMoved && !mineMoved) return null;
  if (theirsMoved && mineMoved && sameContent(orderOf(t), orderOf(m))) return null;
  const changedBy = theirsMoved && mineMoved ? 'both' : theirsMoved ? 'theirs' : 'mine';
  const ids = (items: Item[]) => items.map((i) => i.id);
  return {
    key: `${list.key}#order`,
    section: list.section,
    kind: 'order',
    list: list.key,
    label: `Order of ${list.nouns}`,
    base: ids(b),
    theirs: ids(t),
    mine: ids(m),
    changedBy,
    suggested: changedBy === 'theirs' ? 'theirs' : 'mine',
  };
}

function unit(fields: Omit<MergeUnit, 'changedBy' | 'suggested'>): MergeUnit | null {
  const theirsChanged = !sameContent(fields.base, fields.theirs);
  const mineChanged = !sameContent(fields.base, fields.mine);
  if (!theirsChanged && !mineChanged) return null;
  // Both made the same change: nothing to decide.
  if (theirsChanged && mineChanged && sameContent(fields.theirs, fields.mine)) return null;
  const changedBy = theirsChanged && mineChanged ? 'both' : theirsChanged ? 'theirs' : 'mine';
  return { ...fields, changedBy, suggested: changedBy === 'theirs' ? 'theirs' : 'mine' };
}

function listUnits(list: ListSpec, base: FilmContent, theirs: FilmContent, mine: FilmContent): MergeUnit[] {
  const [b, t, m] = [list.get(base), list.get(theirs), list.get(mine)];
  const [bById, tById, mById] = [byId(b), byId(t), byId(m)];
  const ids = [...new Set([...t, ...m, ...b].map((i) => i.id))];
  const units: MergeUnit[] = [];
  for (const id of ids) {
    const shown = tById.get(id) ?? mById.get(id) ?? bById.get(id)!;
    const position = [t, m, b].map((items) => items.findIndex((i) => i.id === id)).find((i) => i >= 0)! + 1;
    const u = unit({ key: `${list.key}/${id}`, section: list.section, kind: 'item', list: list.key, label: list.label(shown, position), base: bById.get(id), theirs: tById.get(id), mine: mById.get(id) });
    if (u) units.push(u);
  }
  const order = orderUnit(list, b, t, m);
  if (order) units.push(order);
  return units;
}

/** Everything a side changed since base, as units to decide on, in page order. */
export function findMergeUnits(base: FilmContent, theirs: FilmContent, mine: FilmContent): MergeUnit[] {
  const units: MergeUnit[] = [];
  for (const { id: section } of PAGE_SECTIONS) {
    for (const part of PARTS.filter((p) => p.section === section)) {
      const u = unit({ key: part.key, section, kind: 'part', label: part.label, base: part.get(base), theirs: part.get(theirs), mine: part.get(mine) });
      if (u) units.push(u);
    }
    for (const list of LISTS.filter((l) => l.section === section)) units.push(...listUnits(list, base, theirs, mine));
  }
  return units;
}

export type MergeChoices = Record<string, MergeSide>;

/** Chosen side of a unit: the editor's choice, else the suggestion; theirs for anything not a unit. */
const sideOf = (units: Map<string, MergeUnit>, choices: MergeChoices, key: string): MergeSide => choices[key] ?? units.get(key)?.suggested ?? 'theirs';

function mergeList(list: ListSpec, theirs: FilmContent, mine: FilmContent, units: Map<string, MergeUnit>, choices: MergeChoices): Item[] {
  const t = list.get(theirs);
  const m = list.get(mine);
  const [tById, mById] = [byId(t), byId(m)];
  const chosen = new Map<string, { item: Item; from: Item[] }>();
  for (const id of new Set([...t, ...m].map((i) => i.id))) {
    const side = sideOf(units, choices, `${list.key}/${id}`);
    const item = side === 'mine' ? mById.get(id) : tById.get(id);
    if (item) chosen.set(id, { item, from: side === 'mine' ? m : t });
  }
  // The chosen order for the items it has; any other kept item goes after its predecessor on its own side.
  const skeleton = sideOf(units, choices, `${list.key}#order`) === 'mine' ? m : t;
  const result = skeleton.map((i) => i.id).filter((id) => chosen.has(id));
  for (const [id, { from }] of chosen) {
    if (result.includes(id)) continue;
    const index = from.findIndex((i) => i.id === id);
    const predecessor = from.slice(0, index).reverse().find((i) => result.includes(i.id));
    result.splice(predecessor ? result.indexOf(predecessor.id) + 1 : 0, 0, id);
  }
  return result.map((id) => structuredClone(chosen.get(id)!.item));
}

/** The merged page: theirs, with each unit taken from the side chosen for it. */
export function mergeContent(base: FilmContent, theirs: FilmContent, mine: FilmContent, choices: MergeChoices = {}): FilmContent {
  const units = new Map(findMergeUnits(base, theirs, mine).map((u) => [u.key, u]));
  const merged = structuredClone(theirs);
  for (const part of PARTS) if (sideOf(units, choices, part.key) === 'mine') part.set(merged, structuredClone(part.get(mine)));
  for (const list of LISTS) list.set(merged, mergeList(list, theirs, mine, units, choices));
  return merged;
}
