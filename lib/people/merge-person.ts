import { changedBy, type MergeSide } from '../films/diff/three-way-merge';
import type { PersonContent } from './person-schema';

const FIELDS = [
  ['birthDate', 'Born'],
  ['deathDate', 'Died'],
  ['photo', 'Photo'],
  ['biography', 'Biography'],
] as const;

export type PersonMergeField = (typeof FIELDS)[number][0];

/** A field of the person form that changed since the base: by one side (merged by itself) or by both, differently. */
export type PersonMergeUnit = { field: PersonMergeField; label: string; changedBy: 'theirs' | 'mine' | 'both' };

export type PersonMergeChoices = Partial<Record<PersonMergeField, MergeSide>>;

/**
 * The three-way merge of a refused person save, field by field, as the film editor's
 * (lib/films/diff/three-way-merge.ts): base (the revision the edit started from), theirs (the newer
 * revision) and mine (the form). The biography is one field: its paragraphs have no ids to match
 * edits by, so when both sides changed it the editor keeps one version whole (or writes the
 * result after loading theirs).
 */
export function personMergeUnits(base: PersonContent, theirs: PersonContent, mine: PersonContent): PersonMergeUnit[] {
  return FIELDS.flatMap(([field, label]) => {
    const by = changedBy(base[field], theirs[field], mine[field]);
    return by ? [{ field, label, changedBy: by }] : [];
  });
}

/** Theirs, with each field only I changed, and each field both changed for which I chose mine. */
export function mergePerson(base: PersonContent, theirs: PersonContent, mine: PersonContent, choices: PersonMergeChoices): PersonContent {
  const merged: PersonContent = { ...theirs };
  for (const unit of personMergeUnits(base, theirs, mine))
    if ((unit.changedBy === 'both' ? choices[unit.field] : unit.changedBy) === 'mine')
      Object.assign(merged, { [unit.field]: mine[unit.field] });
  return merged;
}
