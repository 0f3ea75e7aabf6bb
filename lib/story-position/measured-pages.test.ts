import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../import';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '../spoilers/levels';
import { storyItemsOf } from './film-story-page';
import { lintFilmSpoilers } from './lint-spoilers';
import { suggestFilmLevels, withLevels } from './suggest-levels';

/**
 * The two pages with levels an editor set by hand (docs/spoiler-suggestions.md, "Measured"): the
 * demo film and a page written for this measurement. Lower than hand-set is the unsafe direction:
 * the demo has none, and the second page only the two the doc names as limits of the method.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => parsePage(readFileSync(path.join(root, file), 'utf8'));
const demo = read('prisma/demo/kiss-and-cry.page.txt');
const second = read('test-support/measured-pages/night-of-the-living-dead.page.txt');
const lower = (content: typeof demo.content) =>
  suggestFilmLevels(content)
    .filter((s) => levelRank(s.suggested) < levelRank(s.current))
    .map((s) => s.path);

describe('suggestions on the pages with hand-set levels', () => {
  it('reads both pages without a warning', () => {
    expect(demo.warnings).toEqual([]);
    expect(second.warnings).toEqual([]);
  });

  it('suggests no level lower than the hand-set one on the demo film', () => {
    expect(lower(demo.content)).toEqual([]);
  });

  it('suggests lower on the second page only where the doc says the method cannot see it', () => {
    // A theme that says who comes back by naming only early words (a brother, a daughter), and a
    // summary whose hint ("argue") the plot words differently.
    expect(lower(second.content)).toEqual(['themes.2', 'kind.summary']);
  });

  it('never adds a lint warning on either page when every level is raised the same way', () => {
    const raise = fc
      .tuple(fc.constantFrom(...SPOILER_LEVELS), fc.constantFrom(...SPOILER_LEVELS))
      .filter(([fromNone, fromLight]) => levelRank(fromLight) >= Math.max(levelRank(fromNone), levelRank('light')))
      .map(([fromNone, fromLight]): Record<SpoilerLevel, SpoilerLevel> => ({ none: fromNone, light: fromLight, full: 'full' }));
    fc.assert(
      fc.property(fc.constantFrom(demo.content, second.content), raise, (content, map) => {
        const key = (w: { path: string; field: string }) => `${w.path} ${w.field}`;
        const before = new Set(lintFilmSpoilers(content).map(key));
        const raised = withLevels(
          content,
          storyItemsOf(content).map((item) => ({ path: item.path, level: map[item.level] })),
        );
        for (const warning of lintFilmSpoilers(raised)) expect(before).toContain(key(warning));
      }),
      { numRuns: 12 },
    );
  });
});
