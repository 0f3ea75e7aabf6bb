import type { FilmContent } from '../../content/schema';
import { formatValue, LISTS, type FieldSpec, type Item, type ValueKind } from './page-model';
import { sameContent } from '../../content/same-content';
import type { MergeUnit } from './three-way-merge';

/** One line of a merge unit as text on each side; `null` means the item is not there on that side. */
export type UnitRow = { field: string; label: string; kind: ValueKind; base: string | null; theirs: string | null; mine: string | null };

/** The fields an item unit shows; a field unit is one value. */
const itemFields = (unit: MergeUnit): FieldSpec[] => LISTS.find((l) => l.key === unit.list)!.fields;

const fieldOf = (value: unknown, field: string) => (field ? (value as Record<string, unknown> | undefined)?.[field] : value);

/** Numbered titles of a list's items in the given order: how an order unit is shown. */
function orderText(listKey: string, ids: unknown, contents: FilmContent[]): string {
  const list = LISTS.find((l) => l.key === listKey)!;
  const items = new Map<string, Item>();
  for (const content of contents) for (const item of list.get(content)) if (!items.has(item.id)) items.set(item.id, item);
  return (ids as string[]).map((id, i) => `${i + 1}. ${items.has(id) ? list.title(items.get(id)!) : id}`).join('\n');
}

/** What each side holds for a unit as text: one row for a field, a row per differing field for an item. */
export function unitRows(unit: MergeUnit, contents: { base: FilmContent; theirs: FilmContent; mine: FilmContent }): UnitRow[] {
  if (unit.kind === 'order') {
    const all = [contents.base, contents.theirs, contents.mine];
    return [
      {
        field: 'order',
        label: 'order',
        kind: 'long',
        base: orderText(unit.list!, unit.base, all),
        theirs: orderText(unit.list!, unit.theirs, all),
        mine: orderText(unit.list!, unit.mine, all),
      },
    ];
  }
  if (unit.kind === 'field') {
    const kind = unit.valueKind ?? 'text';
    const text = (value: unknown) => formatValue(kind, value);
    return [{ field: unit.key, label: unit.label, kind, base: text(unit.base), theirs: text(unit.theirs), mine: text(unit.mine) }];
  }
  const text = (value: unknown, f: FieldSpec) => (value === undefined ? null : formatValue(f.kind, fieldOf(value, f.field)));
  return itemFields(unit)
    .filter((f) => {
      const values = [unit.base, unit.theirs, unit.mine].filter((v) => v !== undefined).map((v) => fieldOf(v, f.field));
      // An item one side added or deleted shows all its filled fields; otherwise only the ones that differ.
      return [unit.base, unit.theirs, unit.mine].some((v) => v === undefined)
        ? values.some((v) => formatValue(f.kind, v) !== '')
        : values.some((v) => !sameContent(v, values[0]));
    })
    .map((f) => ({
      field: f.field,
      label: f.label,
      kind: f.kind,
      base: text(unit.base, f),
      theirs: text(unit.theirs, f),
      mine: text(unit.mine, f),
    }));
}

const SHORT = 80;
const shorten = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1).trimEnd()}…` : text);

/** A change that merged by itself, in a few words: "Setting · era", "Event 2 “Collapse” deleted", "Order of events". */
export function mergedChangeName(unit: MergeUnit): string {
  if (unit.kind === 'item') return `${unit.label} ${unit.base === undefined ? 'added' : 'deleted'}`;
  return unit.label;
}

/** A change that merged by itself, with who made it and the value it gives: "Setting · era: their change, “1990s”". */
export function describeMergedChange(unit: MergeUnit): string {
  const who = unit.changedBy === 'theirs' ? 'them' : 'you';
  if (unit.kind === 'order') return `${unit.label}: reordered by ${who}`;
  if (unit.kind === 'item') return `${mergedChangeName(unit)} by ${who}`;
  const value = formatValue(unit.valueKind ?? 'text', unit.changedBy === 'theirs' ? unit.theirs : unit.mine);
  return `${unit.label}: ${unit.changedBy === 'theirs' ? 'their' : 'your'} change, ${value ? `“${shorten(value)}”` : 'emptied'}`;
}
