import { diffWords } from 'diff';

/** A run of text in a word-level diff: unchanged, added (only in the newer text) or removed. */
export type TextPart = { value: string; added?: true; removed?: true };

/**
 * Word-level diff of two texts with jsdiff's `diffWords`: whitespace is kept in the parts (so
 * paragraphs survive), but a change of spacing alone is not a change.
 */
export function diffText(before: string, after: string): TextPart[] {
  if (before === after) return before ? [{ value: before }] : [];
  return diffWords(before, after).map((change) => ({
    value: change.value,
    ...(change.added ? { added: true as const } : {}),
    ...(change.removed ? { removed: true as const } : {}),
  }));
}

/** The two sides of a word diff for a side-by-side view: the old text with removals, the new with additions. */
export function splitSides(parts: TextPart[]): { before: TextPart[]; after: TextPart[] } {
  return { before: parts.filter((p) => !p.added), after: parts.filter((p) => !p.removed) };
}

/** The added runs of a diff, joined across removals and whitespace-only gaps: the phrases that are new. */
export function addedPhrases(parts: TextPart[]): string[] {
  const phrases: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) phrases.push(current.trim());
    current = '';
  };
  for (const part of parts) {
    if (part.added) current += part.value;
    else if (part.removed) continue;
    else if (current && part.value.trim() === '') current += part.value;
    else flush();
  }
  flush();
  return phrases;
}

/** How many words changed, for a compact "+12 −3 words". */
export function countChangedWords(parts: TextPart[]): { added: number; removed: number } {
  const words = (text: string) => text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  let added = 0;
  let removed = 0;
  for (const p of parts) {
    if (p.added) added += words(p.value);
    if (p.removed) removed += words(p.value);
  }
  return { added, removed };
}
