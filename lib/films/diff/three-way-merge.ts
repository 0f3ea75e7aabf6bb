import type { FilmContent } from '../../content/schema';
import { PAGE_SECTIONS, type SectionId } from '../../page/parts';
import { LISTS, PARTS, type FieldSpec, type Item, type ListSpec, type PartSpec, type ValueKind } from './page-model';
import { sameContent } from '../../content/same-content';

/**
 * Three-way merge for a refused save: base (what the editor started from), theirs (the newer
 * revision that won) and mine (what the editor tried to save), field by field.
 *
 * The units are the smallest things an editor changes: a top-level field (premise), one field of
 * an object part (setting's era, the ending trait's spoiler level), one field of a list item (the
 * title of event e3), the presence of a list item (added, deleted), and the order of a list. What
 * only one side changed merges by itself; only a unit both sides changed, differently, is a
 * conflict the editor decides (theirs, mine, or for text their own wording). An item one side
 * deleted and the other edited is such a conflict: nothing is dropped without asking.
 *
 * The merge does not depend on which side is called "theirs" except through the conflict choices:
 * merging (base, a, b) with some choices gives the page merging (base, b, a) with the choices flipped
 * does (items both sides added at the same place are ordered by id, not by side).
 */

export type MergeSide = 'theirs' | 'mine';

export type MergeUnit = {
  /** "premise", "setting.era", "kind.ending.spoiler", "events/e3.title", "events/e3", "events#order". */
  key: string;
  section: SectionId;
  /** A field's value, a whole list item (added, deleted or both added), or a list's order. */
  kind: 'field' | 'item' | 'order';
  /** For people: "Setting · era", "Event 2 “Collapse” · title", "Order of events". */
  label: string;
  /** How a field's value is shown and whether it can be written by hand (text, long). */
  valueKind?: ValueKind;
  /** The list of an item, item-field or order unit, and the item's id. */
  list?: string;
  itemId?: string;
  /** Values; `undefined` means missing on that side (a deleted item). For order units: the ids. */
  base: unknown;
  theirs: unknown;
  mine: unknown;
  /** Who changed it since base: only them, only me (merged by itself), or both differently (a conflict). */
  changedBy: 'theirs' | 'mine' | 'both';
};

/** The editor's decision for a conflict: a side, or (for text fields) their own value. */
export type MergeChoice = MergeSide | { value: unknown };
export type MergeChoices = Record<string, MergeChoice>;

export const isConflict = (unit: MergeUnit) => unit.changedBy === 'both';

const byId = (items: Item[]) => new Map(items.map((item) => [item.id, item]));

/** Who changed a value since base: one side, both differently, or nobody (null: also both the same way). */
export function changedBy(base: unknown, theirs: unknown, mine: unknown): MergeUnit['changedBy'] | null {
  const theirsChanged = !sameContent(base, theirs);
  const mineChanged = !sameContent(base, mine);
  if (!theirsChanged && !mineChanged) return null;
  // Both made the same change: nothing to decide.
  if (theirsChanged && mineChanged && sameContent(theirs, mine)) return null;
  return theirsChanged && mineChanged ? 'both' : theirsChanged ? 'theirs' : 'mine';
}

type Values = { base: unknown; theirs: unknown; mine: unknown };
type Fields = Record<string, unknown>;

/** The fields of objects that may differ: the described ones in order, then any other key they hold. */
function fieldsOf(specs: FieldSpec[], objects: unknown[]): FieldSpec[] {
  const known = new Set(specs.map((f) => f.field));
  const extra = [...new Set(objects.flatMap((o) => (o && typeof o === 'object' ? Object.keys(o) : [])))].filter(
    (k) => k !== 'id' && !known.has(k),
  );
  return [...specs, ...extra.map((field): FieldSpec => ({ field, label: field, kind: 'text' }))];
}

/** One unit per field of an object part or list item that changed since base. */
function fieldUnits(
  keyOf: (field: string) => string,
  labelOf: (f: FieldSpec) => string,
  specs: FieldSpec[],
  objects: Values,
  where: Pick<MergeUnit, 'section' | 'list' | 'itemId'>,
): MergeUnit[] {
  const units: MergeUnit[] = [];
  for (const f of fieldsOf(specs, [objects.base, objects.theirs, objects.mine])) {
    const [base, theirs, mine] = [objects.base, objects.theirs, objects.mine].map((o) => (o as Fields)[f.field]);
    const by = changedBy(base, theirs, mine);
    if (by)
      units.push({ key: keyOf(f.field), ...where, kind: 'field', label: labelOf(f), valueKind: f.kind, base, theirs, mine, changedBy: by });
  }
  return units;
}

function partUnits(part: PartSpec, base: FilmContent, theirs: FilmContent, mine: FilmContent): MergeUnit[] {
  const values = { base: part.get(base), theirs: part.get(theirs), mine: part.get(mine) };
  // A part that is absent on some side (no poster: null) is merged whole: there are no fields to pair.
  const allObjects = [values.base, values.theirs, values.mine].every((v) => v !== null && typeof v === 'object');
  if (part.fields && allObjects)
    return fieldUnits(
      (field) => `${part.key}.${field}`,
      (f) => `${part.label} · ${f.label}`,
      part.fields,
      values,
      { section: part.section },
    );
  const by = changedBy(values.base, values.theirs, values.mine);
  return by
    ? [{ key: part.key, section: part.section, kind: 'field', label: part.label, valueKind: part.kind, ...values, changedBy: by }]
    : [];
}

/** The ids in all three versions, in the given list's order. */
const commonIn = (items: Item[], b: Map<string, Item>, t: Map<string, Item>, m: Map<string, Item>) =>
  items.map((i) => i.id).filter((id) => b.has(id) && t.has(id) && m.has(id));

/**
 * Did a side reorder the list? Compared over the items all three versions have, so an added or
 * deleted item never looks like a move.
 */
function orderUnit(list: ListSpec, b: Item[], t: Item[], m: Item[]): MergeUnit | null {
  const maps = [byId(b), byId(t), byId(m)] as const;
  const [ob, ot, om] = [b, t, m].map((items) => commonIn(items, ...maps));
  const by = changedBy(ob, ot, om);
  if (!by) return null;
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
    changedBy: by,
  };
}

function listUnits(list: ListSpec, base: FilmContent, theirs: FilmContent, mine: FilmContent): MergeUnit[] {
  const [b, t, m] = [list.get(base), list.get(theirs), list.get(mine)];
  const [bById, tById, mById] = [byId(b), byId(t), byId(m)];
  const units: MergeUnit[] = [];
  for (const id of new Set([...b, ...t, ...m].map((i) => i.id))) {
    const values = { base: bById.get(id), theirs: tById.get(id), mine: mById.get(id) };
    const shown = values.theirs ?? values.mine ?? values.base!;
    const position = [t, m, b].map((items) => items.findIndex((i) => i.id === id)).find((i) => i >= 0)! + 1;
    const label = list.label(shown, position);
    const where = { section: list.section, list: list.key, itemId: id };
    if (values.base && values.theirs && values.mine) {
      units.push(
        ...fieldUnits(
          (field) => `${list.key}/${id}.${field}`,
          (f) => `${label} · ${f.label}`,
          list.fields,
          values,
          where,
        ),
      );
      continue;
    }
    // Added, deleted, or added by both: the item as a whole.
    const by = changedBy(values.base, values.theirs, values.mine);
    if (by) units.push({ key: `${list.key}/${id}`, ...where, kind: 'item', label, ...values, changedBy: by });
  }
  const order = orderUnit(list, b, t, m);
  if (order) units.push(order);
  return units;
}

/** Everything a side changed since base, as units, in page order; conflicts are those changed by both. */
export function findMergeUnits(base: FilmContent, theirs: FilmContent, mine: FilmContent): MergeUnit[] {
  const units: MergeUnit[] = [];
  for (const { id: section } of PAGE_SECTIONS) {
    for (const part of PARTS.filter((p) => p.section === section)) units.push(...partUnits(part, base, theirs, mine));
    for (const list of LISTS.filter((l) => l.section === section)) units.push(...listUnits(list, base, theirs, mine));
  }
  return units;
}

/**
 * The value a unit takes in the merge: the side that changed it; for a conflict the editor's
 * choice, mine until they choose (the work being saved; the conflict screen asks before saving).
 */
function resolve(unit: MergeUnit | undefined, choices: MergeChoices, fallback: unknown): unknown {
  if (!unit) return fallback;
  if (unit.changedBy !== 'both') return unit[unit.changedBy];
  const choice = choices[unit.key] ?? 'mine';
  return typeof choice === 'object' ? choice.value : unit[choice];
}

/** Which side's order of the shared items a list takes. */
function orderSide(unit: MergeUnit | undefined, choices: MergeChoices): MergeSide | null {
  if (!unit) return null;
  if (unit.changedBy !== 'both') return unit.changedBy;
  const choice = choices[unit.key];
  return choice === 'theirs' ? 'theirs' : 'mine';
}

/** An object with each field taken as its unit says; a field resolved to `undefined` is left out. */
function mergeObject(
  start: unknown,
  units: Map<string, MergeUnit>,
  choices: MergeChoices,
  keyOf: (field: string) => string,
  fields: string[],
): Fields {
  const merged: Fields = structuredClone(start as Fields);
  for (const field of fields) {
    const unit = units.get(keyOf(field));
    if (!unit) continue;
    const value = resolve(unit, choices, undefined);
    if (value === undefined) delete merged[field];
    else merged[field] = structuredClone(value);
  }
  return merged;
}

/**
 * The merged list: which items stay (and their content), then their order. The items all three
 * versions share keep the chosen side's order (theirs = mine = base when nobody reordered them);
 * every other kept item goes after the nearest shared item before it on its own side. Items both
 * sides put after the same shared item: runs ordered by id, so the result does not depend on who
 * is "theirs".
 */
function mergeList(
  list: ListSpec,
  base: FilmContent,
  theirs: FilmContent,
  mine: FilmContent,
  units: Map<string, MergeUnit>,
  choices: MergeChoices,
): Item[] {
  const [b, t, m] = [list.get(base), list.get(theirs), list.get(mine)];
  const [bById, tById, mById] = [byId(b), byId(t), byId(m)];
  const kept = new Map<string, Item>();
  for (const id of new Set([...t, ...m].map((i) => i.id))) {
    const [bi, ti, mi] = [bById.get(id), tById.get(id), mById.get(id)];
    if (bi && ti && mi) {
      const fields = fieldsOf(list.fields, [bi, ti, mi]).map((f) => f.field);
      kept.set(id, mergeObject(ti, units, choices, (field) => `${list.key}/${id}.${field}`, fields) as Item);
      continue;
    }
    const item = resolve(units.get(`${list.key}/${id}`), choices, ti ?? mi) as Item | undefined;
    if (item) kept.set(id, structuredClone(item));
  }

  const side = orderSide(units.get(`${list.key}#order`), choices);
  const spine = commonIn(side === 'mine' ? m : side === 'theirs' ? t : b, bById, tById, mById).filter((id) => kept.has(id));
  const onSpine = new Set(spine);
  // Runs of other kept items, by the spine item they follow ('' for the start), from each side.
  const runs = new Map<string, string[][]>();
  for (const items of [t, m]) {
    let anchor = '';
    let run: string[] = [];
    const close = () => {
      if (run.length) runs.set(anchor, [...(runs.get(anchor) ?? []), run]);
      run = [];
    };
    for (const { id } of items) {
      if (onSpine.has(id)) {
        close();
        anchor = id;
      } else if (kept.has(id)) run.push(id);
    }
    close();
  }
  const order: string[] = [];
  const place = (anchor: string) => {
    const sorted = (runs.get(anchor) ?? [])
      .map((run) => ({ run, by: run.join('\u0000') }))
      .sort((x, y) => (x.by < y.by ? -1 : x.by > y.by ? 1 : 0));
    for (const { run } of sorted) order.push(...run);
  };
  place('');
  for (const id of spine) {
    order.push(id);
    place(id);
  }
  return [...new Set(order)].map((id) => kept.get(id)!);
}

/** The merged page: each unit from the side that changed it, each conflict as chosen (mine until chosen). */
export function mergeContent(base: FilmContent, theirs: FilmContent, mine: FilmContent, choices: MergeChoices = {}): FilmContent {
  const units = new Map(findMergeUnits(base, theirs, mine).map((u) => [u.key, u]));
  const merged = structuredClone(theirs);
  for (const part of PARTS) {
    // Merged whole (a part absent on some side, or one without fields), else field by field.
    if (units.has(part.key)) part.set(merged, structuredClone(resolve(units.get(part.key), choices, undefined)));
    else if (part.fields && part.get(theirs) !== null && typeof part.get(theirs) === 'object') {
      const fields = fieldsOf(part.fields, [part.get(base), part.get(theirs), part.get(mine)]).map((f) => f.field);
      part.set(
        merged,
        mergeObject(part.get(theirs), units, choices, (field) => `${part.key}.${field}`, fields),
      );
    }
  }
  for (const list of LISTS) list.set(merged, mergeList(list, base, theirs, mine, units, choices));
  return merged;
}

/** The same choices seen from the other side (for checks that the merge is symmetric). */
export const flipChoices = (choices: MergeChoices): MergeChoices =>
  Object.fromEntries(Object.entries(choices).map(([key, c]) => [key, c === 'theirs' ? 'mine' : c === 'mine' ? 'theirs' : c]));
