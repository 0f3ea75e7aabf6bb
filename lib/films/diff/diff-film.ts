import type { FilmContent } from '../../content/schema';
import type { SpoilerLevel } from '../../spoilers/levels';
import { diffList } from './list-diff';
import { PAGE_SECTIONS, type SectionId } from '../../page/parts';
import { formatValue, LISTS, PARTS, type FieldSpec, type Item, type ListSpec, type PartSpec, type ValueKind } from './page-model';
import { sameContent } from '../../content/same-content';
import { diffText, type TextPart } from './text-diff';
import { findSpoilerFlags, type SpoilerFlag } from './spoiler-flags';
import { summarizeEntries } from './summarize';

/** One field that differs: raw values (for the API), and a word diff when it reads as text. */
export type FieldChange = {
  field: string;
  label: string;
  kind: ValueKind;
  before: unknown;
  after: unknown;
  text?: TextPart[];
};

export type EntryType = 'changed' | 'added' | 'removed' | 'moved';

/** One change on the page: a part (premise, setting, "ending") or a list item, matched by id. */
export type DiffEntry = {
  /** Stable: "premise", "kind.ending", "events/e3". Entries of one item share it. */
  key: string;
  section: SectionId;
  /** For list items: the list ("events") and the item's id. */
  list?: string;
  id?: string;
  type: EntryType;
  /** For headings: "Event 5 “Collapse”". */
  label: string;
  /** For the summary: "event 5", "character Amanda", "premise". */
  name: string;
  /** Changed: the fields that differ. Added / removed: every field of the item. */
  fields: FieldChange[];
  move?: { from: number; to: number };
  /** The spoiler level of the item or part before and after (null when it did not exist). */
  level?: { before: SpoilerLevel | null; after: SpoilerLevel | null };
};

export type FilmDiff = {
  identical: boolean;
  entries: DiffEntry[];
  /** Changes that make spoiling content more visible. */
  flags: SpoilerFlag[];
  /** "premise edited, 2 events added, event 5 moved, character Amanda's spoiler level light → full". */
  summary: string;
};

const isTextual = (kind: ValueKind) => kind !== 'level' && kind !== 'number' && kind !== 'image';

function fieldChange(spec: FieldSpec, before: unknown, after: unknown): FieldChange {
  const change: FieldChange = { field: spec.field, label: spec.label, kind: spec.kind, before: before ?? null, after: after ?? null };
  if (isTextual(spec.kind)) change.text = diffText(formatValue(spec.kind, before), formatValue(spec.kind, after));
  return change;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Differing fields of a changed object; for an added or removed item, every field that holds something. */
function objectFieldChanges(
  fields: FieldSpec[],
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): FieldChange[] {
  return fields
    .filter((f) => (before && after ? !sameContent(before[f.field], after[f.field]) : !isEmpty((before ?? after)?.[f.field])))
    .map((f) => fieldChange(f, before?.[f.field], after?.[f.field]));
}

function diffPart(part: PartSpec, before: FilmContent, after: FilmContent): DiffEntry | null {
  const a = part.get(before);
  const b = part.get(after);
  if (sameContent(a, b)) return null;
  const fields = part.fields
    ? objectFieldChanges(part.fields, a as Record<string, unknown>, b as Record<string, unknown>)
    : [fieldChange({ field: part.key, label: part.label, kind: part.kind! }, a, b)];
  const levels = { before: part.level(before), after: part.level(after) };
  return { key: part.key, section: part.section, type: 'changed', label: part.label, name: part.noun, fields, level: levels };
}

function diffListEntries(list: ListSpec, before: FilmContent, after: FilmContent): DiffEntry[] {
  const a = list.get(before);
  const b = list.get(after);
  if (sameContent(a, b)) return [];
  const base = (id: string) => ({ key: `${list.key}/${id}`, section: list.section, list: list.key, id });
  const levelOf = (item: Item | undefined) => (item ? (item.spoiler as SpoilerLevel) : null);
  return diffList(a, b, sameContent).map((change): DiffEntry => {
    switch (change.type) {
      case 'added':
        return {
          ...base(change.id),
          type: 'added',
          label: list.label(change.item, change.at),
          name: list.name(change.item, change.at),
          fields: objectFieldChanges(list.fields, undefined, change.item),
          level: { before: null, after: levelOf(change.item) },
        };
      case 'removed':
        return {
          ...base(change.id),
          type: 'removed',
          label: list.label(change.item, change.at),
          name: list.name(change.item, change.at),
          fields: objectFieldChanges(list.fields, change.item, undefined),
          level: { before: levelOf(change.item), after: null },
        };
      case 'changed':
        return {
          ...base(change.id),
          type: 'changed',
          label: list.label(change.after, change.at),
          name: list.name(change.after, change.at),
          fields: objectFieldChanges(list.fields, change.before, change.after),
          level: { before: levelOf(change.before), after: levelOf(change.after) },
        };
      case 'moved':
        return {
          ...base(change.id),
          type: 'moved',
          label: list.label(change.item, change.to),
          name: list.name(change.item, change.to),
          fields: [],
          move: { from: change.from, to: change.to },
          level: { before: levelOf(change.item), after: levelOf(change.item) },
        };
    }
  });
}

/** Field-by-field comparison of two versions of a page, with list items matched by identity. */
export function diffFilm(before: FilmContent, after: FilmContent): FilmDiff {
  if (sameContent(before, after)) return { identical: true, entries: [], flags: [], summary: 'no changes' };
  const entries: DiffEntry[] = [];
  for (const { id: section } of PAGE_SECTIONS) {
    for (const part of PARTS.filter((p) => p.section === section)) {
      const entry = diffPart(part, before, after);
      if (entry) entries.push(entry);
    }
    for (const list of LISTS.filter((l) => l.section === section)) entries.push(...diffListEntries(list, before, after));
  }
  return { identical: false, entries, flags: findSpoilerFlags(entries, before), summary: summarizeEntries(entries) };
}

/** The change of an entry's spoiler level, when there is one. */
export function levelChange(entry: DiffEntry): { before: SpoilerLevel; after: SpoilerLevel } | null {
  const field = entry.fields.find((f) => f.kind === 'level');
  return field && entry.type === 'changed' ? { before: field.before as SpoilerLevel, after: field.after as SpoilerLevel } : null;
}
