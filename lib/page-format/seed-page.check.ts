import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paragraphs } from '../content/derive';
import { filmContentSchema, type FilmContent } from '../content/schema';
import { formatPage } from './format-page';
import { parsePage } from './parse-page';

/**
 * Checks against the real page the product was modelled on (the original of the demo film), which
 * lives outside this repository. Not part of `npm test` (a bare clone must pass on its own, with the
 * fixtures and the demo film kept here); `.ci/run` runs this file as its own step, where the page is
 * always beside the checkout:
 *
 *   SEED_PAGE=../shared/seed/kiss-and-cry.txt npx vitest run --project seed-page
 */
const seedPage = process.env.SEED_PAGE;
if (!seedPage) throw new Error('Set SEED_PAGE to the seed page (e.g. ../shared/seed/kiss-and-cry.txt)');
const seedText = readFileSync(path.resolve(seedPage), 'utf8');
const demoPath = path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.page.txt');

describe('the seed page', () => {
  const { content, warnings } = parsePage(seedText);

  it('imports every section', () => {
    expect(content.title).toBe('Kiss and Cry');
    expect(content.slug).toBe('kiss-and-cry');
    expect(content.releaseYear).toBeNull();
    expect(content.premise.split('\n\n')).toHaveLength(4);
    expect(content.premise).not.toContain('The premise of');
    expect(content.story.split('\n\n')).toHaveLength(7);
    expect(content.story).not.toMatch(/Spoilers ahead|The complete story/u);
    expect(content.story).toContain('> “always smile”');
    expect(content.events).toHaveLength(13);
    expect(content.characters).toHaveLength(7);
    expect(content.themes.map((t) => t.title)).toEqual(['Illness', 'Love', 'Sport']);
    expect(content.kind.moods).toHaveLength(10);
    expect(content.kind.contentNotes.map((n) => n.label)).toEqual([
      'terminal illness',
      'cancer',
      'medical trauma',
      'death of a young person',
    ]);
    expect(content.quiz.questions).toEqual([]);
  });

  it('reads events, characters, setting and kind field by field', () => {
    expect(content.events[0]).toEqual({
      id: 'e1',
      title: 'Meet John and a budding romance in Toronto',
      description: expect.stringMatching(/^Carley Elle Allison is a 17-year-old .* as her health battles unfold\.$/u),
      when: 'early in the story',
      where: 'Toronto, at a party',
      spoiler: 'full',
    });
    expect(content.events[12]).toMatchObject({ id: 'e13', title: 'Passing and legacy begins', where: 'Hospital and foundation' });
    expect(content.characters[1]).toMatchObject({
      id: 'c2',
      name: "Sarah's mother",
      playedBy: { name: 'Dinara Drukarova', slug: 'dinara-drukarova' },
      tags: [
        { emoji: '👩👧', label: 'Family-first' },
        { emoji: '💖', label: 'Supportive' },
        { emoji: '🌟', label: 'Courageous' },
      ],
    });
    expect(content.characters.map((c) => c.name)).toEqual([
      'Sarah Ivanov',
      "Sarah's mother",
      'Xavier, the trainer',
      'Aurélie',
      'Carla-Marie',
      'Amanda',
      'Noémie',
    ]);
    expect(content.characters[5].tags[0]).toEqual({ emoji: '🎗️', label: 'Supporter' });
    expect(content.characters[3].playedBy).toEqual({ name: 'Aurélie Faula', slug: 'aurelie-faula' });
    expect(content.setting).toMatchObject({ era: '2010s', place: 'Toronto, Canada', spoiler: 'full' });
    expect(content.setting.tags).toEqual([
      { emoji: '🏙️', label: 'Toronto' },
      { emoji: '🎬', label: 'Canadian setting' },
    ]);
    expect(content.kind).toMatchObject({
      tone: { value: 'Bittersweet', spoiler: 'full' },
      pacing: { value: 'Steady' },
      story: { value: 'Straightforward' },
      intensity: { value: 'High' },
      ending: { value: 'Sad' },
    });
    expect(content.kind.summary.text).toMatch(/^An inspiring yet deeply tragic story/u);
    expect(content.kind.moods.map((m) => m.label)).toContain('coming of age');
  });

  it('hides everything but the premise behind full spoilers, with positional ids', () => {
    const items = [...content.events, ...content.characters, ...content.themes, ...content.kind.moods, ...content.kind.contentNotes];
    expect(items.every((item) => item.spoiler === 'full')).toBe(true);
    expect(content.themes.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(content.kind.moods[9].id).toBe('m10');
  });

  it('exports to a page that imports back to the same content', () => {
    const again = parsePage(formatPage(content));
    expect(again).toEqual({ content, warnings: [], sectionLines: expect.objectContaining({ premise: 1, quiz: expect.any(Number) }) });
  });

  it('gives no warnings other than count disagreements', () => {
    expect(warnings.filter((w) => w.kind !== 'count')).toEqual([]);
    expect(() => filmContentSchema.parse(content)).not.toThrow();
  });
});

describe('the demo film is in our own words', () => {
  const seed = parsePage(seedText).content;
  const content = parsePage(readFileSync(demoPath, 'utf8')).content;

  /** Every run of six words in the film's own prose (not names, places, tags or derived lines). */
  function sixWordRuns(film: FilmContent): Set<string> {
    const prose = [
      film.premise,
      ...paragraphs(film.story)
        .filter((p) => !p.quote)
        .map((p) => p.text),
      ...film.events.flatMap((e) => [e.title, e.description]),
      ...film.characters.map((c) => c.description),
      film.setting.when,
      film.setting.where,
      ...film.themes.map((t) => t.description),
      film.kind.summary.text,
    ];
    const runs = new Set<string>();
    for (const textPart of prose) {
      const words = textPart.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      for (let i = 0; i + 6 <= words.length; i += 1) runs.add(words.slice(i, i + 6).join(' '));
    }
    return runs;
  }

  it('shares no run of six words with the seed page', () => {
    const seedRuns = sixWordRuns(seed);
    expect([...sixWordRuns(content)].filter((run) => seedRuns.has(run))).toEqual([]);
  });
});
