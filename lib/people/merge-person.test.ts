import { describe, expect, it } from 'vitest';
import { mergePerson, personMergeUnits } from './merge-person';
import type { PersonContent } from './person-schema';

const BASE: PersonContent = {
  birthDate: '1970-01-31',
  deathDate: '',
  photo: null,
  biography: [{ text: 'She skated first.', spoiler: 'none' }],
};

describe('the three-way merge of a refused person save', () => {
  it('merges by itself what only one side changed: their date and my biography both kept', () => {
    const theirs = { ...BASE, birthDate: '1971-02-02' };
    const mine = { ...BASE, biography: [...BASE.biography, { text: 'Then she coached.', spoiler: 'light' as const }] };
    expect(personMergeUnits(BASE, theirs, mine)).toEqual([
      { field: 'birthDate', label: 'Born', changedBy: 'theirs' },
      { field: 'biography', label: 'Biography', changedBy: 'mine' },
    ]);
    expect(mergePerson(BASE, theirs, mine, {})).toEqual({ ...mine, birthDate: '1971-02-02' });
  });

  it('a field both changed differently is a conflict, kept as the editor chooses; the same change twice is none', () => {
    const theirs = { ...BASE, birthDate: '1971-02-02', deathDate: '2020-01-01' };
    const mine = { ...BASE, birthDate: '1969-12-12', deathDate: '2020-01-01' };
    expect(personMergeUnits(BASE, theirs, mine)).toEqual([{ field: 'birthDate', label: 'Born', changedBy: 'both' }]);
    expect(mergePerson(BASE, theirs, mine, { birthDate: 'mine' }).birthDate).toBe('1969-12-12');
    expect(mergePerson(BASE, theirs, mine, { birthDate: 'theirs' }).birthDate).toBe('1971-02-02');
    expect(mergePerson(BASE, theirs, mine, { birthDate: 'mine' }).deathDate).toBe('2020-01-01');
  });
});
