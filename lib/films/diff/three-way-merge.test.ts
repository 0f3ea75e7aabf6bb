import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import { filmContentSchema, type FilmContent } from '../../content/schema';
import { LISTS, PARTS, type FieldSpec, type ValueKind } from './page-model';
import { findMergeUnits, flipChoices, isConflict, mergeContent, type MergeChoices } from './three-way-merge';

const base = sampleFilm();
const edit = (change: (c: FilmContent) => void) => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};
const event = (id: string, title: string) => ({ id, title, description: '', when: '', where: '', spoiler: 'full' as const });
const keys = (b: FilmContent, t: FilmContent, m: FilmContent) => findMergeUnits(b, t, m).map((u) => `${u.key}:${u.changedBy}`);

describe('three-way merge, field by field', () => {
  it('merges a poster added on one side (none in base) with an edit on the other, and a poster both sides changed is one question', () => {
    const poster = { image: 'a'.repeat(32), alt: 'The poster', caption: '', spoiler: 'none' as const };
    const mine = { ...structuredClone(base), poster };
    const theirs = { ...structuredClone(base), premise: `${base.premise} More.` };
    expect(base.poster).toBeNull();
    const merged = mergeContent(base, theirs, mine);
    expect(merged.poster).toEqual(poster);
    expect(merged.premise).toBe(theirs.premise);
    const other = { ...structuredClone(base), poster: { ...poster, alt: 'Another poster' } };
    expect(
      findMergeUnits(base, other, mine)
        .filter(isConflict)
        .map((u) => u.key),
    ).toEqual(['poster']);
  });

  it('merges two edits of the same part by itself when they touch different fields (setting era / place)', () => {
    const theirs = edit((c) => (c.setting.era = '1990s'));
    const mine = edit((c) => (c.setting.place = 'Calgary'));
    expect(keys(base, theirs, mine)).toEqual(['setting.era:theirs', 'setting.place:mine']);
    const merged = mergeContent(base, theirs, mine);
    expect(merged.setting).toEqual({ ...base.setting, era: '1990s', place: 'Calgary' });
  });

  it('merges different fields of one list item and of one kind trait', () => {
    const theirs = edit((c) => {
      c.events[1].title = 'Their title';
      c.kind.ending.value = 'Open';
    });
    const mine = edit((c) => {
      c.events[1].spoiler = 'full';
      c.kind.ending.spoiler = 'light';
    });
    expect(findMergeUnits(base, theirs, mine).filter(isConflict)).toEqual([]);
    const merged = mergeContent(base, theirs, mine);
    expect(merged.events[1]).toMatchObject({ id: 'e2', title: 'Their title', spoiler: 'full' });
    expect(merged.kind.ending).toEqual({ value: 'Open', spoiler: 'light' });
  });

  it('makes a field both changed differently the one conflict, decided by the choice', () => {
    const theirs = edit((c) => {
      c.setting.era = '1990s';
      c.setting.place = 'Their place';
    });
    const mine = edit((c) => (c.setting.place = 'My place'));
    const conflicts = findMergeUnits(base, theirs, mine).filter(isConflict);
    expect(conflicts).toEqual([
      expect.objectContaining({ key: 'setting.place', label: 'Setting · place', theirs: 'Their place', mine: 'My place' }),
    ]);
    expect(mergeContent(base, theirs, mine, { 'setting.place': 'theirs' }).setting).toMatchObject({ era: '1990s', place: 'Their place' });
    expect(mergeContent(base, theirs, mine, { 'setting.place': 'mine' }).setting).toMatchObject({ era: '1990s', place: 'My place' });
    expect(mergeContent(base, theirs, mine, { 'setting.place': { value: 'Our place' } }).setting).toMatchObject({
      era: '1990s',
      place: 'Our place',
    });
  });

  it('asks nothing when both made the same change', () => {
    const theirs = edit((c) => (c.title = 'Same'));
    const mine = edit((c) => (c.title = 'Same'));
    expect(findMergeUnits(base, theirs, mine)).toEqual([]);
    expect(mergeContent(base, theirs, mine).title).toBe('Same');
  });

  it('keeps both additions in place, ordered by id where they meet', () => {
    const theirs = edit((c) => c.events.splice(1, 0, event('t1', 'Theirs')));
    const mine = edit((c) => {
      c.events.splice(1, 0, event('m1', 'Mine'));
      c.events.push(event('m2', 'Mine too'));
    });
    expect(findMergeUnits(base, theirs, mine).filter(isConflict)).toEqual([]);
    const merged = mergeContent(base, theirs, mine);
    expect(merged.events.map((e) => e.id)).toEqual(['e1', 'm1', 't1', 'e2', 'e3', 'm2']);
    expect(filmContentSchema.safeParse(merged).success).toBe(true);
  });

  it('deletes an item one side deleted and the other left alone, without asking', () => {
    const theirs = edit((c) => c.themes.pop());
    const mine = edit((c) => (c.themes[0].title = 'Mine'));
    expect(keys(base, theirs, mine)).toEqual(['themes/t1.title:mine', 'themes/t2:theirs']);
    expect(mergeContent(base, theirs, mine).themes.map((t) => `${t.id}:${t.title}`)).toEqual(['t1:Mine']);
  });

  it('asks when one side deleted an item the other edited; the edited item stays until the editor chooses', () => {
    const theirs = edit((c) => (c.events = c.events.filter((e) => e.id !== 'e2')));
    const mine = edit((c) => (c.events[1].description = 'Edited by me'));
    expect(findMergeUnits(base, theirs, mine)).toEqual([
      expect.objectContaining({ key: 'events/e2', kind: 'item', changedBy: 'both', theirs: undefined }),
    ]);
    expect(mergeContent(base, theirs, mine).events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(mergeContent(base, theirs, mine, { 'events/e2': 'theirs' }).events.map((e) => e.id)).toEqual(['e1', 'e3']);
    // The same from the other side: their edit against my deletion.
    expect(mergeContent(base, mine, theirs, { 'events/e2': 'mine' }).events.map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('keeps one side’s reordering and the other side’s edit of a moved item', () => {
    const theirs = edit((c) => c.events.reverse());
    const mine = edit((c) => (c.events[0].title = 'Mine'));
    expect(keys(base, theirs, mine)).toEqual(['events/e1.title:mine', 'events#order:theirs']);
    expect(mergeContent(base, theirs, mine).events.map((e) => `${e.id}:${e.title}`)).toEqual([
      'e3:Ending FULLWORD',
      'e2:Training LIGHTWORD',
      'e1:Mine',
    ]);
  });

  it('makes two different reorderings a conflict', () => {
    const theirs = edit((c) => c.events.reverse());
    const mine = edit((c) => c.events.push(c.events.shift()!));
    expect(keys(base, theirs, mine)).toEqual(['events#order:both']);
    expect(mergeContent(base, theirs, mine, { 'events#order': 'theirs' }).events.map((e) => e.id)).toEqual(['e3', 'e2', 'e1']);
    expect(mergeContent(base, theirs, mine, { 'events#order': 'mine' }).events.map((e) => e.id)).toEqual(['e2', 'e3', 'e1']);
  });

  it('a deletion does not look like a reorder', () => {
    const theirs = edit((c) => c.events.shift());
    const mine = edit((c) => (c.premise = 'Mine'));
    expect(keys(base, theirs, mine)).toEqual(['premise:mine', 'events/e1:theirs']);
  });
});

// ------------------------------------------------------------------ properties

/** Values an edit may write, few enough that both sides sometimes write the same one. */
function valueFor(kind: ValueKind, seed: number): unknown {
  const pick = <T>(values: T[]) => values[seed % values.length];
  switch (kind) {
    case 'level':
      return pick(['none', 'light', 'full']);
    case 'number':
      return pick([1999, 2001, null]);
    case 'tags':
      return pick([[], [{ emoji: '', label: 'X' }], [{ emoji: '⚡', label: 'Y' }]]);
    case 'person':
      return pick([null, { name: 'X Y', slug: 'x-y' }, { name: 'Z W', slug: 'z-w' }]);
    case 'options':
      return pick([
        [
          { id: 'o1', text: 'A', correct: true },
          { id: 'o2', text: 'B', correct: false },
        ],
        [
          { id: 'o1', text: 'A', correct: false },
          { id: 'o2', text: 'C', correct: true },
        ],
      ]);
    default:
      return pick(['one', 'two', '']);
  }
}

const PART_FIELDS: Array<{ part: (typeof PARTS)[number]; field?: FieldSpec }> = PARTS.flatMap((part) =>
  part.fields ? part.fields.map((field) => ({ part, field })) : [{ part }],
);

type Op =
  | { op: 'part'; target: number; seed: number }
  | { op: 'item'; list: number; pick: number; field: number; seed: number }
  | { op: 'delete'; list: number; pick: number }
  | { op: 'add'; list: number; at: number }
  | { op: 'move'; list: number; from: number; to: number };

const nat = fc.nat(1000);
const listIndex = fc.nat(LISTS.length - 1);
const opArb = (kinds: Op['op'][]): fc.Arbitrary<Op> =>
  fc.oneof(
    ...(
      [
        ['part', fc.record({ op: fc.constant('part' as const), target: fc.nat(PART_FIELDS.length - 1), seed: nat })],
        ['item', fc.record({ op: fc.constant('item' as const), list: listIndex, pick: nat, field: nat, seed: nat })],
        ['delete', fc.record({ op: fc.constant('delete' as const), list: listIndex, pick: nat })],
        ['add', fc.record({ op: fc.constant('add' as const), list: listIndex, at: nat })],
        ['move', fc.record({ op: fc.constant('move' as const), list: listIndex, from: nat, to: nat })],
      ] as Array<[Op['op'], fc.Arbitrary<Op>]>
    )
      .filter(([kind]) => kinds.includes(kind))
      .map(([, arb]) => arb),
  );

/**
 * A side's edits, applied to a copy. Items are found by the id they have in base, so the same op
 * means the same item on either side; added items get ids unique to the side.
 */
function applyOps(start: FilmContent, ops: Op[], side: string, only?: (field: string) => boolean): FilmContent {
  const content = structuredClone(start);
  ops.forEach((op, n) => {
    if (op.op === 'part') {
      const { part, field } = PART_FIELDS[op.target];
      if (field && only && !only(field.field)) return;
      if (!field && only && !only(part.key)) return;
      if (field) {
        // A part absent from the page (no poster) has no field to edit.
        const value = part.get(content) as Record<string, unknown> | null;
        if (value !== null && typeof value === 'object') value[field.field] = valueFor(field.kind, op.seed);
        return;
      }
      part.set(content, valueFor(part.kind!, op.seed));
      return;
    }
    const list = LISTS[op.list];
    const items = list.get(content);
    const inBase = list.get(base);
    if (op.op === 'item') {
      const field = list.fields[op.field % list.fields.length];
      if (only && !only(field.field)) return;
      const item = items.find((i) => i.id === inBase[op.pick % inBase.length]?.id);
      if (item) item[field.field] = valueFor(field.kind, op.seed);
    } else if (op.op === 'delete') {
      const at = items.findIndex((i) => i.id === inBase[op.pick % inBase.length]?.id);
      if (at >= 0) items.splice(at, 1);
    } else if (op.op === 'add') {
      items.splice(op.at % (items.length + 1), 0, { ...structuredClone(inBase[0]), id: `${side}${n}` });
    } else if (items.length > 1) {
      const [moved] = items.splice(op.from % items.length, 1);
      items.splice(op.to % (items.length + 1), 0, moved);
    }
  });
  return content;
}

const ANY: Op['op'][] = ['part', 'item', 'delete', 'add', 'move'];
const edits = (kinds = ANY) => fc.array(opArb(kinds), { maxLength: 8 });

describe('three-way merge properties', () => {
  it('merging with an unchanged side gives the other side', () => {
    fc.assert(
      fc.property(edits(), (ops) => {
        const changed = applyOps(base, ops, 'x');
        expect(findMergeUnits(base, base, changed).filter(isConflict)).toEqual([]);
        expect(mergeContent(base, base, changed)).toEqual(changed);
        expect(mergeContent(base, changed, base)).toEqual(changed);
      }),
    );
  });

  it('edits of different fields all survive, whatever the order each side left the lists in', () => {
    const theirFields = new Set(['era', 'when', 'title', 'value', 'name', 'prompt', 'label', 'premise', 'releaseYear']);
    fc.assert(
      fc.property(edits(['part', 'item', 'move']), edits(['part', 'item']), (theirOps, myOps) => {
        const theirs = applyOps(base, theirOps, 't', (field) => theirFields.has(field));
        const mine = applyOps(base, myOps, 'm', (field) => !theirFields.has(field));
        expect(findMergeUnits(base, theirs, mine).filter(isConflict)).toEqual([]);
        // My field edits, made on top of their page: what a merge without conflicts must give.
        expect(mergeContent(base, theirs, mine)).toEqual(applyOps(theirs, myOps, 'm', (field) => !theirFields.has(field)));
      }),
    );
  });

  it('is symmetric: swapping the sides and flipping the choices gives the same page', () => {
    fc.assert(
      fc.property(edits(), edits(), fc.infiniteStream(fc.boolean()), (theirOps, myOps, coins) => {
        const theirs = applyOps(base, theirOps, 't');
        const mine = applyOps(base, myOps, 'm');
        const choices: MergeChoices = Object.fromEntries(
          findMergeUnits(base, theirs, mine)
            .filter(isConflict)
            .map((u) => [u.key, coins.next().value ? 'theirs' : 'mine']),
        );
        const merged = mergeContent(base, theirs, mine, choices);
        expect(mergeContent(base, mine, theirs, flipChoices(choices))).toEqual(merged);
        // Two valid pages merge into a valid page.
        const valid = (c: FilmContent) => filmContentSchema.safeParse(c).success;
        if (valid(theirs) && valid(mine)) expect(valid(merged)).toBe(true);
      }),
    );
  });

  it('every change only one side made is in the merge, and each conflict takes the chosen side', () => {
    fc.assert(
      fc.property(edits(), edits(), fc.boolean(), (theirOps, myOps, pickTheirs) => {
        const theirs = applyOps(base, theirOps, 't');
        const mine = applyOps(base, myOps, 'm');
        const units = findMergeUnits(base, theirs, mine);
        const side = pickTheirs ? 'theirs' : 'mine';
        const merged = mergeContent(base, theirs, mine, Object.fromEntries(units.filter(isConflict).map((u) => [u.key, side])));
        const again = findMergeUnits(base, theirs, merged);
        for (const unit of units.filter((u) => u.kind !== 'order')) {
          const expected = unit.changedBy === 'both' ? unit[side] : unit[unit.changedBy];
          const after = again.find((u) => u.key === unit.key);
          // The merge holds the expected value: where it equals theirs, merging theirs → merged shows no unit.
          expect(after ? after.mine : unit.theirs, unit.key).toEqual(expected);
        }
      }),
    );
  });
});
