import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../import';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '../spoilers/levels';
import { storyItemsOf } from './film-story-page';
import { lintFilmSpoilers } from './lint-spoilers';
import { measurePage } from './measure-suggestions';
import { withLevels } from './suggest-levels';

/**
 * The pages with levels an editor set by hand (docs/spoiler-suggestions.md, "Measured"): the demo
 * film, the second measured page and the fixture pages written for the measurement
 * (scripts/story/fixtures/: a twist mystery, an ensemble film, a biopic, and a heist film held out
 * from the tuning of the method). What must hold on every
 * one of them, whatever the agreement: everything the premise names is shown at none, nothing of
 * the last third reaches none or light, and the demo's lint stays quiet enough to be read.
 */
const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'scripts/story/fixtures');
const files = [
  'prisma/demo/kiss-and-cry.page.txt',
  'test-support/measured-pages/night-of-the-living-dead.page.txt',
  ...readdirSync(fixtures)
    .filter((f) => f.endsWith('.page.txt'))
    .map((f) => path.relative(root, path.join(fixtures, f))),
];
const texts = Object.fromEntries(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
const measured = Object.fromEntries(files.map((file) => [file, measurePage(texts[file])]));

describe('suggestions and the lint on the pages with hand-set levels', () => {
  it('has the four fixture pages the measurement names, each read without a warning', () => {
    expect(files.filter((f) => f.startsWith('scripts/story/fixtures/'))).toHaveLength(4);
    for (const file of files) expect(parsePage(texts[file]).warnings, file).toEqual([]);
  });

  it.each(files)('shows a no-spoiler reader everything the premise names: %s', (file) => {
    const { premiseNamed } = measured[file];
    expect(premiseNamed.length).toBeGreaterThan(0);
    for (const item of premiseNamed) expect(item, file).toMatchObject({ suggested: 'none' });
  });

  it.each(files)('sends a reader at none or light nothing of the last third of the timeline: %s', (file) => {
    expect(measured[file].lastThirdLeaks).toEqual([]);
  });

  it('warns at most twice on the demo film as its editor levelled it', () => {
    expect(measured['prisma/demo/kiss-and-cry.page.txt'].warnings.length).toBeLessThanOrEqual(2);
  });

  it('names the words and the event behind every warning about a later point', () => {
    for (const file of files)
      for (const warning of measured[file].warnings.filter((w) => w.check === 'later-point' && w.message.includes('first ')))
        expect(warning, file).toMatchObject({ phrase: expect.stringMatching(/\S/u), revealedBy: expect.stringMatching(/^Event \d+ /u) });
  });

  it('never adds a lint warning on any page when every level is raised the same way', () => {
    const raise = fc
      .tuple(fc.constantFrom(...SPOILER_LEVELS), fc.constantFrom(...SPOILER_LEVELS))
      .filter(([fromNone, fromLight]) => levelRank(fromLight) >= Math.max(levelRank(fromNone), levelRank('light')))
      .map(([fromNone, fromLight]): Record<SpoilerLevel, SpoilerLevel> => ({ none: fromNone, light: fromLight, full: 'full' }));
    const contents = files.map((file) => parsePage(texts[file]).content);
    fc.assert(
      fc.property(fc.constantFrom(...contents), raise, (content, map) => {
        const key = (w: { path: string; field: string }) => `${w.path} ${w.field}`;
        const before = new Set(lintFilmSpoilers(content).map(key));
        const raised = withLevels(
          content,
          storyItemsOf(content).map((item) => ({ path: item.path, level: map[item.level] })),
        );
        for (const warning of lintFilmSpoilers(raised)) expect(before).toContain(key(warning));
      }),
      { numRuns: 20 },
    );
  });
});
