import fc from 'fast-check';
import { expect } from 'vitest';
import type { FilmContent } from '../lib/content/schema';
import { partById, type HeadedSectionId } from '../lib/page/parts';
import { formatPage } from '../lib/page-format/format-page';
import { parsePage } from '../lib/page-format/parse-page';
import { arbitraryFilmContent } from './arbitrary-content';

/**
 * The property every section of the page format keeps: exporting a page and importing it again
 * gives back exactly the content the section holds (its part's keys, plus `also`), with no warning
 * on the section's lines.
 */
export function expectSectionRoundTrip(
  section: HeadedSectionId,
  { also = [], runs = 60 }: { also?: Array<keyof FilmContent>; runs?: number } = {},
) {
  const keys = [...(partById(section).keys as ReadonlyArray<keyof FilmContent>), ...also];
  fc.assert(
    fc.property(arbitraryFilmContent, (content) => {
      const text = formatPage(content);
      const { content: back, warnings, sectionLines } = parsePage(text);
      for (const key of keys) expect(back[key], key).toEqual(content[key]);
      const start = sectionLines[section];
      const after = Object.values(sectionLines).filter((line) => start !== undefined && line > start);
      const end = after.length > 0 ? Math.min(...after) : Number.POSITIVE_INFINITY;
      expect(warnings.filter((w) => start !== undefined && w.line >= start && w.line < end)).toEqual([]);
    }),
    { numRuns: runs },
  );
}
