import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../import';
import { visibleFilm } from '../spoilers/visible-film';
import { lintFilmSpoilers } from './lint-spoilers';
import { suggestFilmLevels, withLevels } from './suggest-levels';

/**
 * The suggestions on the real page the product was modelled on (outside this repository; see
 * lib/import/seed-page.check.ts): a page with no spoiler markers, as an import brings it.
 *
 *   SEED_PAGE=../shared/seed/kiss-and-cry.txt npx vitest run --project seed-page
 */
const seedPage = process.env.SEED_PAGE;
if (!seedPage) throw new Error('Set SEED_PAGE to the seed page (e.g. ../shared/seed/kiss-and-cry.txt)');
const { content } = parsePage(readFileSync(path.resolve(seedPage), 'utf8'));

describe('level suggestions on the seed page, imported without markers', () => {
  const suggestions = suggestFilmLevels(content);
  const accepted = withLevels(
    content,
    suggestions.map((s) => ({ path: s.path, level: s.suggested })),
  );

  it('gives every item a suggestion with its reason', () => {
    expect(suggestions).toHaveLength(44);
    for (const s of suggestions) expect(s.reason).toMatch(/^(None|Light|Full): ./u);
  });

  it('shows a no-spoiler reader the setup, and a light one nothing of the last part', () => {
    const none = visibleFilm(accepted, 'none');
    expect(none.events.map((e) => e.number)).toEqual([1, 2]);
    const light = visibleFilm(accepted, 'light');
    // Light ends at three fifths of the timeline, before the last third (docs/spoiler-suggestions.md).
    expect(Math.max(...light.events.map((e) => e.number))).toBeLessThanOrEqual(Math.floor((content.events.length * 3) / 5));
    expect(light.kind.traits.map((t) => t.key)).not.toContain('ending');
  });

  it('keeps the ending, the summary and the notes about death at full', () => {
    const level = (where: string) => suggestions.find((s) => s.path === where)!.suggested;
    expect(level('kind.ending')).toBe('full');
    expect(level('kind.summary')).toBe('full');
    const deathNotes = content.kind.contentNotes.map((n, i) => ({ n, i })).filter(({ n }) => /death|terminal/u.test(n.label));
    expect(deathNotes.length).toBeGreaterThan(0);
    for (const { i } of deathNotes) expect(level(`kind.contentNotes.${i}`)).toBe('full');
  });

  it('leaves no item naming a later point than its level once the suggestions are accepted', () => {
    expect(lintFilmSpoilers(accepted).filter((w) => w.check === 'later-point')).toEqual([]);
  });
});
