import { diffText, type TextPart } from '../films/diff/text-diff';
import type { SpoilerLevel } from '../spoilers/levels';
import type { PersonContent } from './person-schema';

/** One change between two revisions of a person, in the history's words. */
export type PersonChange =
  | { key: string; label: string; kind: 'value'; before: string; after: string }
  | { key: string; label: string; kind: 'photo'; before: PersonContent['photo']; after: PersonContent['photo'] }
  | {
      key: string;
      label: string;
      kind: 'paragraph';
      change: 'added' | 'removed' | 'changed';
      text: TextPart[];
      level: { before: SpoilerLevel | null; after: SpoilerLevel | null };
    };

/**
 * What changed from one revision of a person's profile to another, field by field: the dates, the
 * photo and its alt text, and each biography paragraph by its place (its words marked with jsdiff,
 * like a film's texts, and its level). Pure: the history page and its tests use it.
 */
export function diffPerson(before: PersonContent, after: PersonContent): PersonChange[] {
  const changes: PersonChange[] = [];
  for (const [key, label] of [
    ['birthDate', 'Born'],
    ['deathDate', 'Died'],
  ] as const)
    if (before[key] !== after[key]) changes.push({ key, label, kind: 'value', before: before[key], after: after[key] });
  if (before.photo?.image !== after.photo?.image || before.photo?.alt !== after.photo?.alt)
    changes.push({ key: 'photo', label: 'Photo', kind: 'photo', before: before.photo, after: after.photo });
  const count = Math.max(before.biography.length, after.biography.length);
  for (let i = 0; i < count; i++) {
    const was = before.biography[i];
    const now = after.biography[i];
    if (was && now && was.text === now.text && was.spoiler === now.spoiler) continue;
    changes.push({
      key: `biography.${i}`,
      label: `Biography, paragraph ${i + 1}`,
      kind: 'paragraph',
      change: !was ? 'added' : !now ? 'removed' : 'changed',
      text: diffText(was?.text ?? '', now?.text ?? ''),
      level: { before: was?.spoiler ?? null, after: now?.spoiler ?? null },
    });
  }
  return changes;
}
