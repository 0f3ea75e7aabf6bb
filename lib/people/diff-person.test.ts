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

  it('shows paragraphs moved by their new places, and a removed one as removed', () => {
    const swapped = { ...BASE, biography: [BASE.biography[1]!] };
    expect(diffPerson(BASE, swapped).map((c) => (c.kind === 'paragraph' ? c.change : c.kind))).toEqual(['changed', 'removed']);
  });
});
