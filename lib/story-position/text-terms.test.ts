import { describe, expect, it } from 'vitest';
import { contentWords, sentencesOf, stemOf, termKeys, termsOf } from './text-terms';

describe('the terms of a text', () => {
  it('reduces words to one stem per idea, folding case, accents and possessives', () => {
    expect(stemOf('cancerous')).toBe(stemOf('cancer'));
    expect(stemOf('Patients')).toBe(stemOf('patient'));
    expect(stemOf('Carley’s')).toBe(stemOf('carley'));
    expect(stemOf('Aurélie')).toBe(stemOf('aurelie'));
  });

  it('names nothing with function words and words about the page', () => {
    for (const word of ['the', 'she', 'herself', 'not', 'film', 'story', 'Scene', 'a']) expect(stemOf(word)).toBeNull();
  });

  it('reads number words as their digits', () => {
    expect(stemOf('nineteen')).toBe('19');
    expect(stemOf('19')).toBe('19');
    expect(stemOf('Seventeen')).toBe('17');
  });

  it('pairs words that stand side by side, across hyphens but not across stop words or punctuation', () => {
    const pairs = (text: string) =>
      termsOf(text)
        .filter((t) => t.kind === 'pair')
        .map((t) => text.slice(t.start, t.end));
    expect(pairs('She has clear cell sarcoma.')).toEqual(['clear cell', 'cell sarcoma']);
    expect(pairs('A drum-set invitation')).toEqual(['drum-set', 'set invitation']);
    expect(pairs('the age of 19')).toEqual([]);
    expect(pairs('Toronto, Canada')).toEqual([]);
    expect(termKeys('drum set')).toEqual(termKeys('drum-set'));
  });

  it('knows names by their capital inside a sentence, not at its start', () => {
    const names = (text: string) =>
      contentWords(text)
        .filter((w) => w.name)
        .map((w) => text.slice(w.start, w.end));
    expect(names('Later, Selena Gomez sends a message. Messages arrive.')).toEqual(['Selena', 'Gomez']);
    expect(names('John asks her to the NHL game.')).toEqual(['NHL']);
  });

  it('splits sentences and keeps their offsets', () => {
    const text = 'She skates. Then it comes back! Why?';
    expect(sentencesOf(text).map((s) => text.slice(s.start, s.start + s.text.length).trim())).toEqual([
      'She skates.',
      'Then it comes back!',
      'Why?',
    ]);
  });
});
