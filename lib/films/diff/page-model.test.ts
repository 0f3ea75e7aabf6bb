import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import { sectionOfPath } from '../../page/parts';
import { diffFilm } from './diff-film';
import { LISTS, PARTS } from './page-model';
import { mergeContent } from './three-way-merge';

/** Guards the page description against schema changes: every field is compared and merged. */
describe('page model', () => {
  it('covers every top-level key of the content', () => {
    const content = sampleFilm();
    const covered = new Set([...PARTS.map((p) => p.key.split('.')[0]), ...LISTS.map((l) => l.key.split('.')[0])]);
    expect(Object.keys(content).filter((key) => !covered.has(key))).toEqual([]);
    const kindCovered = new Set([...PARTS, ...LISTS].filter((x) => x.key.startsWith('kind.')).map((x) => x.key.slice(5)));
    expect(Object.keys(content.kind).filter((key) => !kindCovered.has(key))).toEqual([]);
  });

  it('files every part and list under the page section that holds its content key', () => {
    for (const spec of [...PARTS, ...LISTS]) expect(spec.section, spec.key).toBe(sectionOfPath(spec.key.split('.')));
  });

  it('sees a change in every field of every list item and part', () => {
    const before = sampleFilm({
      poster: { image: 'a'.repeat(32), alt: 'Poster', spoiler: 'none' },
      stills: [{ id: 's1', image: 'b'.repeat(32), alt: 'A still', caption: 'Caption', spoiler: 'light' }],
    });
    for (const list of LISTS) {
      for (const field of list.fields) {
        const after = structuredClone(before);
        const item = list.get(after)[0];
        item[field.field] =
          field.kind === 'level'
            ? item.spoiler === 'none'
              ? 'full'
              : 'none'
            : field.kind === 'person'
              ? { name: 'X Y', slug: 'x-y' }
              : field.kind === 'tags'
                ? [{ emoji: '', label: 'New' }]
                : field.kind === 'options'
                  ? [
                      { id: 'z1', text: 'A', correct: true },
                      { id: 'z2', text: 'B', correct: false },
                    ]
                  : 'Changed text';
        const diff = diffFilm(before, after);
        expect(
          diff.entries.map((e) => `${e.key}:${e.fields.map((f) => f.field).join()}`),
          `${list.key}.${field.field}`,
        ).toEqual([`${list.key}/${item.id}:${field.field}`]);
      }
    }
    for (const part of PARTS) {
      const after = structuredClone(before);
      const value = part.get(after);
      if (part.fields) (value as Record<string, unknown>)[part.fields[0].field] = part.fields[0].kind === 'tags' ? [] : 'Changed text';
      else part.set(after, part.kind === 'number' ? 1999 : part.key === 'slug' ? 'changed-slug' : 'Changed text');
      expect(
        diffFilm(before, after).entries.map((e) => e.key),
        part.key,
      ).toEqual([part.key]);
      // …and a merge can take it from either side.
      expect(mergeContent(before, before, after)).toEqual(after);
      expect(mergeContent(before, after, before)).toEqual(after);
    }
  });
});
