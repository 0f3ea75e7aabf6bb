import { describe, expect, it } from 'vitest';
import { HEADED_PARTS, PAGE_PARTS } from '@/lib/page/parts';
import { PAGE_FORMAT_SECTIONS } from '@/lib/page-format/sections';
import { EDITOR_PART_SECTIONS } from './editor/film-form/part-sections';
import { READER_PART_SECTIONS } from './reader/film/part-sections';

/** The registries keyed by part id cover exactly the part registry's parts: a part is never left out of one, nor a removed one kept. */
describe('the registries keyed by part id', () => {
  it('give the film editor a section for every part', () => {
    expect(Object.keys(EDITOR_PART_SECTIONS).sort()).toEqual(PAGE_PARTS.map((part) => part.id).sort());
  });

  it('give the reader page and the page format a section for every part with a heading', () => {
    const headed = HEADED_PARTS.map((part) => part.id).sort();
    expect(Object.keys(READER_PART_SECTIONS).sort()).toEqual(headed);
    expect(Object.keys(PAGE_FORMAT_SECTIONS).sort()).toEqual(headed);
    expect(PAGE_PARTS.filter((part) => !('heading' in part)).map((part) => part.id)).toEqual(['film']);
  });
});
