import { describe, expect, it } from 'vitest';
import { keyMatchers, partsNamedIn, readRegistry } from '../../eslint-rules/parts-listed-once.mjs';
import { PAGE_PARTS } from './parts';

/**
 * Only the part registry lists the page's parts: the lint rule `local/parts-listed-once`
 * (eslint-rules/parts-listed-once.mjs, run by `npm run lint`) fails on a source file that names
 * the content keys of three or more parts. Here, what it detects and what it reads of the registry.
 */
describe('the parts-listed-once lint', () => {
  it('reads exactly the registry’s parts and keys, in page order', () => {
    expect(readRegistry()).toEqual(PAGE_PARTS.map(({ id, keys }) => ({ id, keys: [...keys] })));
  });

  it('tells a file that walks the parts from one that uses one or two', () => {
    expect(partsNamedIn('const n = film.events.length + film.themes.length;')).toEqual(['timeline', 'themes']);
    expect(partsNamedIn('for (const list of [c.events, c.characters, c.trivia]) count(list);')).toEqual([
      'timeline',
      'characters',
      'trivia',
    ]);
    expect(partsNamedIn("const keys = ['premise', 'story', 'stills'];")).toEqual(['premise', 'story', 'images']);
    expect(partsNamedIn('const page = { setting: a, quiz: b, facts: c };')).toEqual(['facts', 'setting', 'quiz']);
    expect(partsNamedIn('// events, characters and themes are mentioned only in a comment')).toEqual([]);
    expect(partsNamedIn('/* events: characters: themes: */ const a = 1;')).toEqual([]);
  });

  it('ignores the film’s own fields and `kind`, which say nothing of walking the page', () => {
    expect(partsNamedIn('const x = { title: a, slug: b, releaseYear: c, kind: d };')).toEqual([]);
  });

  it('learns of a new part from the registry', () => {
    const parts = [...readRegistry(), { id: 'awards', keys: ['awards'] }];
    expect(partsNamedIn('c.awards.length + c.events.length + c.themes.length', keyMatchers(parts))).toEqual([
      'timeline',
      'themes',
      'awards',
    ]);
  });
});
