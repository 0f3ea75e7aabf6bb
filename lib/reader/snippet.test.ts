import { describe, expect, it } from 'vitest';
import { splitSnippet } from './snippet';

describe('splitSnippet', () => {
  it('marks the matched words', () => {
    expect(splitSnippet('the \u0002rink\u0003 and the \u0002ice\u0003.')).toEqual([
      { text: 'the ', match: false },
      { text: 'rink', match: true },
      { text: ' and the ', match: false },
      { text: 'ice', match: true },
      { text: '.', match: false },
    ]);
  });

  it('keeps markup as text and drops stray markers', () => {
    expect(splitSnippet('<b>x</b> \u0003y')).toEqual([{ text: '<b>x</b> y', match: false }]);
  });
});
