import { describe, expect, it } from 'vitest';
import { alignSentences, buildRevealIndex } from './reveal-index';
import { storyPageOf } from './film-story-page';
import { stemOf, termKeys } from './text-terms';
import { seasonPage } from '../../test-support/season-page';

const set = (...keys: string[]) => new Set(keys);

describe('placing story sentences at events', () => {
  it('places each sentence at the event it shares rare words with, in order', () => {
    const events = [set('a', 'x'), set('b', 'x'), set('c', 'x')];
    expect(alignSentences([set('a'), set('b', 'x'), set('c')], events)).toEqual([1, 2, 3]);
  });

  it('never places a sentence before the one above it: one that only matches earlier goes with the next', () => {
    const events = [set('a'), set('b'), set('c')];
    expect(alignSentences([set('b'), set('a'), set('c')], events)).toEqual([2, 3, 3]);
  });

  it('dates a sentence that tells several events by the latest of them', () => {
    const events = [set('a'), set('b'), set('c'), set('d'), set('e')];
    expect(alignSentences([set('a'), set('b', 'c', 'd'), set('e')], events)).toEqual([1, 4, 5]);
  });

  it('places a sentence that matches nothing with the sentence after it (later is the safe side)', () => {
    const events = [set('a'), set('b'), set('c'), set('d')];
    expect(alignSentences([set('a'), set('zzz'), set('c'), set('qqq')], events)).toEqual([1, 3, 3, 4]);
  });

  it('puts the whole story at one position when there is no timeline', () => {
    expect(alignSentences([set('a'), set('b')], [])).toEqual([1, 1]);
  });
});

describe('the reveal index of a page', () => {
  const index = buildRevealIndex(storyPageOf(seasonPage()));
  const first = (word: string) => index.firstSeen.get(stemOf(word)!)?.position;

  it('dates every word by the first event that names it', () => {
    expect(index.total).toBe(10);
    expect(first('coach')).toBe(2);
    expect(first('scholarship')).toBe(7);
    expect(first('axel')).toBe(9);
  });

  it('dates words only the story names by the event its sentence tells', () => {
    expect(first('medal')).toBe(6);
    expect(index.storySentences.map((s) => s.position)).toEqual([1, 2, 4, 6, 10]);
  });

  it('takes the title, the premise and the genres as the spoiler-free vocabulary', () => {
    for (const word of ['harbour', 'teenage', 'skater', 'school', 'ice']) expect(index.spoilerFree.has(stemOf(word)!)).toBe(true);
    expect(index.spoilerFree.has(stemOf('coach')!)).toBe(false);
  });

  it('knows words named close together in one event or sentence', () => {
    const [triple, axel] = [...termKeys('triple axel')].filter((k) => !k.includes(' '));
    expect(index.firstTogether(triple, axel)).toBe(9);
    expect(index.firstTogether(stemOf('coach')!, stemOf('axel')!)).toBeNull();
  });
});
