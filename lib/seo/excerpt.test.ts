import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt';

describe('excerpt', () => {
  it('keeps short text whole, flattened', () => {
    expect(excerpt('A  short\npremise.')).toBe('A short premise.');
  });

  it('cuts at a sentence when one ends late enough, else at a word', () => {
    const sentences = `${'Word '.repeat(20).trim()}. ${'More '.repeat(40)}`;
    expect(excerpt(sentences, 160)).toBe(`${'Word '.repeat(20).trim()}.`);
    const words = 'word '.repeat(60);
    const cut = excerpt(words, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
