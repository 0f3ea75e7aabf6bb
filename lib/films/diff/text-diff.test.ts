import { describe, expect, it } from 'vitest';
import { addedPhrases, countChangedWords, diffText, splitSides } from './text-diff';

describe('diffText (word level, jsdiff)', () => {
  it('marks a replaced word and keeps the rest unchanged', () => {
    const parts = diffText('She skates in Toronto.', 'She skates in Montreal.');
    expect(parts.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(['Toronto']);
    expect(parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['Montreal']);
    expect(
      parts
        .filter((p) => !p.added && !p.removed)
        .map((p) => p.value)
        .join(''),
    ).toContain('She skates in');
  });

  it('is one unchanged part for equal texts and nothing for two empty ones', () => {
    expect(diffText('Same text', 'Same text')).toEqual([{ value: 'Same text' }]);
    expect(diffText('', '')).toEqual([]);
  });

  it('treats text added from nothing as one addition', () => {
    expect(diffText('', 'A new premise.')).toEqual([{ value: 'A new premise.', added: true }]);
  });

  it('keeps paragraphs: both sides rebuild their own text exactly', () => {
    const before = 'First paragraph here.\n\n> A quoted line\n\nLast one.';
    const after = 'First paragraph there.\n\n> A quoted line\n\nLast one, longer.';
    const { before: left, after: right } = splitSides(diffText(before, after));
    expect(left.map((p) => p.value).join('')).toBe(before);
    expect(right.map((p) => p.value).join('')).toBe(after);
  });

  it('does not count a change of spacing alone as a word change', () => {
    const parts = diffText('two  words', 'two words');
    expect(countChangedWords(parts)).toEqual({ added: 0, removed: 0 });
  });

  it('counts changed words', () => {
    expect(countChangedWords(diffText('a b c', 'a x y c'))).toEqual({ added: 2, removed: 1 });
  });

  it('joins added words into phrases across whitespace and removals', () => {
    const parts = diffText('The film starts here.', 'The film, sadly, ends with her death here.');
    expect(addedPhrases(parts).join(' | ')).toContain('ends with her death');
  });
});
