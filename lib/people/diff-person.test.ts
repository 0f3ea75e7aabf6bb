import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffPerson } from './diff-person';
import type { PersonContent } from './person-schema';

const BASE: PersonContent = {
  birthDate: '1970-01-31',
  deathDate: '',
  photo: { image: 'a'.repeat(32), alt: 'Smiling' },
  biography: [
    { text: 'She skated first.', spoiler: 'none' },
    { text: 'She falls at the end.', spoiler: 'full' },
  ],
};

describe('diffPerson', () => {
  it('finds nothing between equal revisions', () => {
    expect(diffPerson(BASE, structuredClone(BASE))).toEqual([]);
  });

  it('names each changed field: dates, the photo or its alt text, a paragraph’s words and its level', () => {
    const after: PersonContent = {
      ...BASE,
      deathDate: '2020-02-02',
      photo: { image: 'a'.repeat(32), alt: 'Laughing' },
      biography: [
        { text: 'She skated first.', spoiler: 'light' },
        { text: 'She wins at the end.', spoiler: 'full' },
        { text: 'A third paragraph.', spoiler: 'none' },
      ],
    };
    const changes = diffPerson(BASE, after);
    expect(changes.map((c) => c.key)).toEqual(['deathDate', 'photo', 'biography.0', 'biography.1', 'biography.2']);
    expect(changes[0]).toMatchObject({ kind: 'value', before: '', after: '2020-02-02' });
    expect(changes[2]).toMatchObject({ kind: 'paragraph', change: 'changed', level: { before: 'none', after: 'light' } });
    expect(changes[3]).toMatchObject({ kind: 'paragraph', change: 'changed', level: { before: 'full', after: 'full' } });
    const words = changes[3]!.kind === 'paragraph' ? changes[3]!.text : [];
    expect(words.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(['falls']);
    expect(words.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['wins']);
    expect(changes[4]).toMatchObject({ kind: 'paragraph', change: 'added', level: { before: null, after: 'none' } });
  });

  const paragraphs = (...texts: string[]) => texts.map((text) => ({ text, spoiler: 'none' as const }));
  const summary = (before: string[], after: string[]) =>
    diffPerson({ ...BASE, biography: paragraphs(...before) }, { ...BASE, biography: paragraphs(...after) }).map((c) =>
      c.kind === 'paragraph' ? `${c.change}: ${c.label}` : c.kind,
    );

  it('matches paragraphs by their text, not their place: removing the first is one removal', () => {
    const removedFirst = { ...BASE, biography: [BASE.biography[1]!] };
    expect(diffPerson(BASE, removedFirst).map((c) => (c.kind === 'paragraph' ? `${c.change}: ${c.label}` : c.kind))).toEqual([
      'removed: Biography, paragraph 1 (removed)',
    ]);
    expect(summary(['B', 'C'], ['A', 'B', 'C'])).toEqual(['added: Biography, paragraph 1']);
    expect(summary(['A', 'B', 'C'], ['A', 'C'])).toEqual(['removed: Biography, paragraph 2 (removed)']);
  });

  it('a paragraph moved is "moved", with its old place; a rewrite in place is "changed"; the rest in the newer order', () => {
    expect(summary(['A', 'B', 'C'], ['B', 'C', 'A'])).toEqual(['moved: Biography, paragraph 3 (was 1)']);
    expect(summary(['A', 'B', 'C'], ['A', 'B2', 'C', 'D'])).toEqual(['changed: Biography, paragraph 2', 'added: Biography, paragraph 4']);
    expect(summary(['A', 'B', 'C'], ['X', 'C', 'A'])).toEqual(['changed: Biography, paragraph 1', 'moved: Biography, paragraph 3 (was 1)']);
  });

  it('a paragraph kept in place whose level changed is "changed", its words unmarked', () => {
    const after: PersonContent = { ...BASE, biography: [BASE.biography[0]!, { ...BASE.biography[1]!, spoiler: 'light' }] };
    const [change] = diffPerson(BASE, after);
    expect(change).toMatchObject({
      kind: 'paragraph',
      change: 'changed',
      label: 'Biography, paragraph 2',
      level: { before: 'full', after: 'light' },
    });
    expect(change!.kind === 'paragraph' && change!.text.every((part) => !part.added && !part.removed)).toBe(true);
  });

  it('for any two biographies: each newer paragraph is named once or is an older one unchanged, and additions less removals is the growth', () => {
    const paragraph = fc.record({
      text: fc.constantFrom('A', 'B', 'C', 'D', 'E'),
      spoiler: fc.constantFrom('none' as const, 'full' as const),
    });
    fc.assert(
      fc.property(fc.array(paragraph, { maxLength: 6 }), fc.array(paragraph, { maxLength: 6 }), (before, after) => {
        const changes = diffPerson({ ...BASE, biography: before }, { ...BASE, biography: after }).filter((c) => c.kind === 'paragraph');
        const named = changes.filter((c) => c.change !== 'removed').map((c) => Number(c.key.split('.')[1]));
        expect(new Set(named).size).toBe(named.length);
        for (const [at, now] of after.entries())
          if (!named.includes(at)) expect(before.some((was) => was.text === now.text && was.spoiler === now.spoiler)).toBe(true);
        const count = (change: string) => changes.filter((c) => c.change === change).length;
        expect(count('added') - count('removed')).toBe(after.length - before.length);
      }),
    );
  });
});
