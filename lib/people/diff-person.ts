import { diffArrays } from 'diff';
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
      change: 'added' | 'removed' | 'changed' | 'moved';
      text: TextPart[];
      level: { before: SpoilerLevel | null; after: SpoilerLevel | null };
    };

type Paragraph = PersonContent['biography'][number];
/**
 * A paragraph of either revision with its place there (0-based), and where it shows among the
 * newer revision's paragraphs (a removed one: just before the paragraph that came after it).
 */
type Placed = { paragraph: Paragraph; at: number; order: number };

/**
 * What changed from one revision of a person's profile to another, field by field: the dates, the
 * photo and its alt text, and the biography's paragraphs (their words marked with jsdiff, like a
 * film's texts, and their levels). Paragraphs have no ids, so they are matched by their text:
 * jsdiff's diffArrays keeps the longest run of unchanged paragraphs in place, a paragraph whose
 * exact text moved is "moved", and what is left at one place is a rewrite ("changed") or an
 * addition or removal. Inserting a paragraph at the top shows one addition, not every paragraph
 * rewritten. Pure: the history page and its tests use it.
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
  return [...changes, ...diffBiography(before.biography, after.biography)];
}

function diffBiography(before: Paragraph[], after: Paragraph[]): PersonChange[] {
  // Runs of paragraphs at one place: the ones only in `before` and the ones only in `after`.
  const runs: Array<{ removed: Placed[]; added: Placed[] }> = [];
  const kept: Array<[Placed, Placed]> = [];
  let i = 0;
  let j = 0;
  for (const part of diffArrays(before, after, { comparator: (a, b) => a.text === b.text })) {
    const placed = part.value.map((paragraph, k) =>
      part.removed ? { paragraph, at: i + k, order: j - 1 + (k + 1) / (part.value.length + 1) } : { paragraph, at: j + k, order: j + k },
    );
    if (part.removed) runs.push({ removed: placed, added: [] });
    else if (part.added) {
      const last = runs.at(-1);
      // jsdiff gives a replacement as a removal then an addition at the same place.
      if (last && last.added.length === 0 && last.removed.at(-1)!.at === i - 1) last.added = placed;
      else runs.push({ removed: [], added: placed });
    } else
      for (let k = 0; k < part.value.length; k++)
        kept.push([
          { paragraph: before[i + k]!, at: i + k, order: j + k },
          { paragraph: after[j + k]!, at: j + k, order: j + k },
        ]);
    if (!part.added) i += part.value.length;
    if (!part.removed) j += part.value.length;
  }

  const changes: Array<PersonChange & { order: number }> = [];
  const paragraphChange = (change: 'added' | 'removed' | 'changed' | 'moved', was: Placed | null, now: Placed | null) => {
    const place = now ?? was!;
    changes.push({
      key: now ? `biography.${now.at}` : `biography.removed.${was!.at}`,
      label: `Biography, paragraph ${place.at + 1}${change === 'removed' ? ' (removed)' : change === 'moved' ? ` (was ${was!.at + 1})` : ''}`,
      kind: 'paragraph',
      change,
      text: diffText(was?.paragraph.text ?? '', now?.paragraph.text ?? ''),
      level: { before: was?.paragraph.spoiler ?? null, after: now?.paragraph.spoiler ?? null },
      order: place.order,
    });
  };

  for (const [was, now] of kept) if (was.paragraph.spoiler !== now.paragraph.spoiler) paragraphChange('changed', was, now);
  // A paragraph whose exact text left one place and arrived at another moved.
  const removed = runs.flatMap((run) => run.removed);
  const added = runs.flatMap((run) => run.added);
  const moved = new Set<Placed>();
  for (const now of added) {
    const was = removed.find((candidate) => !moved.has(candidate) && candidate.paragraph.text === now.paragraph.text);
    if (!was) continue;
    moved.add(was).add(now);
    paragraphChange('moved', was, now);
  }
  // What is left of a run: rewrites in order, then additions or removals.
  for (const run of runs) {
    const gone = run.removed.filter((p) => !moved.has(p));
    const come = run.added.filter((p) => !moved.has(p));
    for (let k = 0; k < Math.max(gone.length, come.length); k++)
      paragraphChange(gone[k] && come[k] ? 'changed' : gone[k] ? 'removed' : 'added', gone[k] ?? null, come[k] ?? null);
  }
  return changes.sort((a, b) => a.order - b.order).map(({ order: _order, ...change }) => change);
}
