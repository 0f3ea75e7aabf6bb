import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../content/sample-film';
import { filmContentSchema, type FilmContent } from '../../content/schema';
import { findMergeUnits, mergeContent } from './three-way-merge';

const base = sampleFilm();
const edit = (change: (c: FilmContent) => void) => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};
const event = (id: string, title: string) => ({ id, title, description: '', when: '', where: '', spoiler: 'full' as const });

describe('three-way merge', () => {
  it('keeps both sides when they changed different parts, without asking', () => {
    const theirs = edit((c) => (c.premise = 'Their premise.'));
    const mine = edit((c) => (c.story = 'My story.'));
    const units = findMergeUnits(base, theirs, mine);
    expect(units.map((u) => `${u.key}:${u.changedBy}:${u.suggested}`)).toEqual(['premise:theirs:theirs', 'story:mine:mine']);
    const merged = mergeContent(base, theirs, mine);
    expect(merged.premise).toBe('Their premise.');
    expect(merged.story).toBe('My story.');
  });

  it('lets the editor keep either side of a field both changed', () => {
    const theirs = edit((c) => (c.premise = 'Their premise.'));
    const mine = edit((c) => (c.premise = 'My premise.'));
    expect(findMergeUnits(base, theirs, mine)).toEqual([expect.objectContaining({ key: 'premise', changedBy: 'both', suggested: 'mine' })]);
    expect(mergeContent(base, theirs, mine).premise).toBe('My premise.');
    expect(mergeContent(base, theirs, mine, { premise: 'theirs' }).premise).toBe('Their premise.');
  });

  it('lets the editor undo their own change or drop theirs, per item', () => {
    const theirs = edit((c) => (c.events[0].title = 'Their title'));
    const mine = edit((c) => (c.events[1].title = 'My title'));
    const merged = mergeContent(base, theirs, mine, { 'events/e1': 'mine', 'events/e2': 'theirs' });
    expect(merged.events.map((e) => e.title)).toEqual(base.events.map((e) => e.title));
  });

  it('merges list items by id: their addition and my addition both stay, in place', () => {
    const theirs = edit((c) => c.events.splice(1, 0, event('t1', 'Theirs')));
    const mine = edit((c) => c.events.push(event('m1', 'Mine')));
    const merged = mergeContent(base, theirs, mine);
    expect(merged.events.map((e) => e.id)).toEqual(['e1', 't1', 'e2', 'e3', 'm1']);
    expect(filmContentSchema.safeParse(merged).success).toBe(true);
  });

  it('a deletion on one side and an edit on the other is a choice; the default keeps my version', () => {
    const theirs = edit((c) => (c.events = c.events.filter((e) => e.id !== 'e2')));
    const mine = edit((c) => (c.events[1].description = 'Edited by me'));
    const [unit] = findMergeUnits(base, theirs, mine);
    expect(unit).toMatchObject({ key: 'events/e2', changedBy: 'both', theirs: undefined });
    expect(mergeContent(base, theirs, mine).events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    expect(mergeContent(base, theirs, mine, { 'events/e2': 'theirs' }).events.map((e) => e.id)).toEqual(['e1', 'e3']);
  });

  it('treats the order of a list as its own unit', () => {
    const theirs = edit((c) => c.events.reverse());
    const mine = edit((c) => (c.events[0].title = 'Mine'));
    const units = findMergeUnits(base, theirs, mine);
    expect(units.map((u) => u.key)).toEqual(['events/e1', 'events#order']);
    const merged = mergeContent(base, theirs, mine);
    expect(merged.events.map((e) => `${e.id}:${e.title}`)).toEqual(['e3:Ending FULLWORD', 'e2:Training LIGHTWORD', 'e1:Mine']);
    expect(mergeContent(base, theirs, mine, { 'events#order': 'mine' }).events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
  });

  it('a deletion does not look like a reorder', () => {
    const theirs = edit((c) => c.events.shift());
    const mine = edit((c) => (c.premise = 'Mine'));
    expect(findMergeUnits(base, theirs, mine).map((u) => u.key)).toEqual(['premise', 'events/e1']);
  });

  it('asks nothing when both made the same change', () => {
    const theirs = edit((c) => (c.title = 'Same'));
    const mine = edit((c) => (c.title = 'Same'));
    expect(findMergeUnits(base, theirs, mine)).toEqual([]);
    expect(mergeContent(base, theirs, mine).title).toBe('Same');
  });

  it('merges kind traits and setting as separate parts', () => {
    const theirs = edit((c) => (c.kind.ending.spoiler = 'light'));
    const mine = edit((c) => (c.setting.era = '1990s'));
    const merged = mergeContent(base, theirs, mine);
    expect(merged.kind.ending.spoiler).toBe('light');
    expect(merged.setting.era).toBe('1990s');
  });
});
