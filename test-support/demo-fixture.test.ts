/**
 * The e2e tests' expectations of the demo film (e2e/kiss-and-cry.expected.json, written once and
 * reviewed) still describe the page the seed publishes: the content is what the page and its
 * images file make, and every probe is a piece of that page's text. The levels at which each text
 * may be shown are the fixture's own statement, checked against the served pages by the e2e tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../lib/page-format/parse-page';
import { DEMO_EXPECTED, type DemoExpectations } from '../e2e/reader-demo';

const root = path.resolve(import.meta.dirname, '..');
const page = readFileSync(path.join(root, 'prisma/demo/kiss-and-cry.page.txt'), 'utf8');
const expected = JSON.parse(readFileSync(DEMO_EXPECTED, 'utf8')) as DemoExpectations;

describe('the demo film fixture of the e2e tests', () => {
  it('holds the content the seed publishes from prisma/demo', () => {
    const images = JSON.parse(readFileSync(path.join(root, 'prisma/demo/images/kiss-and-cry.images.json'), 'utf8'));
    const { poster, stills, ...text } = expected.content;
    const { poster: _poster, stills: _stills, ...parsed } = parsePage(page).content;
    expect(text).toEqual(parsed);
    expect({ alt: poster?.alt, spoiler: poster?.spoiler }).toEqual({ alt: images.poster.alt, spoiler: images.poster.spoiler });
    expect(stills.map(({ id, alt, caption, spoiler }) => ({ id, alt, caption, spoiler }))).toEqual(
      images.stills.map(({ id, alt, caption, spoiler }: Record<string, string>) => ({ id, alt, caption, spoiler })),
    );
  });

  it('probes texts of the page, each visible from some level on and then at every level above', () => {
    const flat = page.replace(/\s+/g, ' ');
    const levels = ['none', 'light', 'full'];
    expect(expected.texts.length).toBeGreaterThan(20);
    for (const { what, text, visibleAt } of expected.texts) {
      expect(flat, what).toContain(text);
      expect(visibleAt.length, what).toBeGreaterThan(0);
      expect(visibleAt, what).toEqual(levels.slice(levels.indexOf(visibleAt[0])));
    }
    expect(new Set(expected.texts.map((t) => t.visibleAt[0]))).toEqual(new Set(levels));
  });
});
