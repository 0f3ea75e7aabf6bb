import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FilmContent } from '../content/schema';
import { parsePage } from '../import';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { SPOILER_LEVELS, levelRank, type SpoilerLevel } from '../spoilers/levels';
import { storyItemsOf } from './film-story-page';
import { lintFilmSpoilers, lintWarningKey, openWarnings, type SpoilerWarning } from './lint-spoilers';
import { suggestFilmLevels, withLevels } from './suggest-levels';
import { seasonPage } from '../../test-support/season-page';

const demo = parsePage(readFileSync(path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.page.txt'), 'utf8')).content;

/** The season page with its events at the levels an editor would give them: setup none, middle light, the rest full. */
function levelledSeason(extra: Partial<FilmContent> = {}): FilmContent {
  const base = seasonPage();
  const events = base.events.map((event, i) => ({ ...event, spoiler: (i < 2 ? 'none' : i < 5 ? 'light' : 'full') as SpoilerLevel }));
  return { ...base, events, ...extra };
}
const person = (name: string, description: string, spoiler: SpoilerLevel, tags: string[] = []) => ({
  id: name.toLowerCase().replace(/\W/gu, ''),
  name,
  playedBy: null,
  description,
  tags: tags.map((label) => ({ emoji: '', label })),
  spoiler,
});
const on = (warnings: SpoilerWarning[], where: string) => warnings.filter((w) => w.path === where);

describe('the spoiler lint', () => {
  it('is quiet on a page whose levels fit what each item names', () => {
    const content = levelledSeason({
      characters: [
        person('Ilse Brandt', 'A coach from Berlin with a new routine.', 'none'),
        person('June', 'A physio who treats her sprained ankle.', 'light'),
      ],
    });
    expect(lintFilmSpoilers(content)).toEqual([]);
  });

  it('warns on an item that names what only a later point of the timeline shows, with the phrase and the level it needs', () => {
    const content = levelledSeason({
      characters: [person('Ilse Brandt', 'The coach who takes Mara to the national championship.', 'none')],
    });
    expect(on(lintFilmSpoilers(content), 'characters.0')).toEqual([
      {
        item: 'ilsebrandt',
        revealedBy: 'Event 9 “A triple axel”',
        path: 'characters.0',
        label: 'Character “Ilse Brandt”',
        field: 'characters.0.description',
        phrase: 'national championship',
        current: 'none',
        level: 'full',
        fix: 'raise',
        check: 'later-point',
        message: 'At none, it names ‘national championship’, first revealed by event 9 of 10, which only full shows',
      },
    ]);
  });

  it('goes by the timeline’s own levels: what light events show, a light item may name', () => {
    const content = levelledSeason({ characters: [person('Kit', 'The rival who takes the silver medal.', 'light')] });
    expect(lintFilmSpoilers(content)).toHaveLength(1);
    const lighter = { ...content, events: content.events.map((e, i) => (i === 5 ? { ...e, spoiler: 'light' as const } : e)) };
    expect(lintFilmSpoilers(lighter)).toEqual([]);
  });

  it('warns on an item that names someone only higher-level items name, and shows which', () => {
    const content = levelledSeason({
      characters: [person('Kit', 'A rival skater who envies Petra.', 'none'), person('Petra', 'A skater from Quebec.', 'full')],
    });
    expect(on(lintFilmSpoilers(content), 'characters.0')).toMatchObject([
      {
        check: 'higher-item',
        phrase: 'Petra',
        level: 'full',
        revealedBy: 'Character “Petra”',
        message: 'At none, it names ‘Petra’, which only full items name (characters.1)',
      },
    ]);
  });

  it('does not warn about a common word, a value or a name that is the item itself', () => {
    const content = levelledSeason({
      // "Jealous" is a mood only full shows, a tag of Kit's, and "silver" a late plot word: words, not reveals.
      characters: [person('Kit', 'A rival skater.', 'none', ['Jealous', 'Silver'])],
      kind: {
        ...seasonPage().kind,
        intensity: { value: 'Silver', spoiler: 'none' },
        moods: [{ id: 'm1', label: 'jealous', spoiler: 'full' }],
      },
    });
    expect(lintFilmSpoilers(content)).toEqual([]);
    // Mara, whom the premise names, is no spoiler whatever her description says.
    const named = levelledSeason({ characters: [person('Mara', 'She lands a triple axel at the national championship.', 'none')] });
    expect(lintFilmSpoilers(named)).toEqual([]);
  });

  it('warns on an event shown to readers who do not see an event before it', () => {
    const content = levelledSeason();
    content.events[3] = { ...content.events[3], spoiler: 'none' };
    expect(on(lintFilmSpoilers(content), 'events.3')).toMatchObject([
      {
        check: 'timeline-order',
        level: 'light',
        current: 'none',
        message: 'At none, it shows event 4 to readers who do not see event 3 before it (light)',
      },
    ]);
  });

  it('warns on a premise that names what only the second half of the timeline reveals, which only rewording fixes', () => {
    const early = levelledSeason({ premise: `${seasonPage().premise} A new coach, Ilse Brandt, changes her routine.` });
    expect(lintFilmSpoilers(early)).toEqual([]);
    const late = levelledSeason({ premise: `${seasonPage().premise} One day she will land a triple axel.` });
    expect(on(lintFilmSpoilers(late), 'premise')).toMatchObject([
      {
        phrase: 'triple axel',
        current: null,
        level: 'full',
        fix: 'reword',
        check: 'shown-text',
        message:
          'The premise (and the meta description made from it) is seen at every level, and it names ‘triple axel’, first revealed by event 9 of 10',
      },
    ]);
  });

  it('warns on a summary line every reader sees when it names an item’s giveaway', () => {
    const content = levelledSeason({ characters: [person('Tomas', 'A quiet boy.', 'none')] });
    const warnings = lintFilmSpoilers(content);
    expect(on(warnings, 'characters.0')).toMatchObject([{ phrase: 'Tomas', level: 'full' }]);
    expect(on(warnings, 'summary.characters')).toMatchObject([
      { phrase: 'Tomas', level: 'full', fix: 'raise', field: 'characters.0.name', check: 'shown-text' },
    ]);
  });
});

describe('dismissed warnings', () => {
  const content = levelledSeason({
    characters: [person('Ilse Brandt', 'The coach who takes Mara to the national championship.', 'none')],
  });
  const warnings = lintFilmSpoilers(content);

  it('knows a warning by its item and its words, so the same item warning about other words is a new warning', () => {
    expect(warnings.map(lintWarningKey)).toEqual(['ilsebrandt national championship']);
    const other = lintFilmSpoilers(levelledSeason({ characters: [person('Ilse Brandt', 'She watches the triple axel.', 'none')] }));
    expect(other.map(lintWarningKey)).toEqual(['ilsebrandt triple axel']);
    expect(openWarnings(other, [{ key: 'ilsebrandt national championship', revision: 1 }], 3)).toEqual(other);
  });

  it('leaves a dismissed warning out from the revision it was dismissed on, not before', () => {
    const dismissed = [{ key: lintWarningKey(warnings[0]), revision: 4 }];
    expect(openWarnings(warnings, dismissed, 4)).toEqual([]);
    expect(openWarnings(warnings, dismissed, 9)).toEqual([]);
    expect(openWarnings(warnings, dismissed, 3)).toEqual(warnings);
  });
});

describe('the spoiler lint, as properties', () => {
  /** Every way to raise levels uniformly: a map of the three levels that never lowers one and keeps their order. */
  const raise = fc
    .tuple(fc.constantFrom(...SPOILER_LEVELS), fc.constantFrom(...SPOILER_LEVELS))
    .filter(([fromNone, fromLight]) => levelRank(fromLight) >= Math.max(levelRank(fromNone), levelRank('light')))
    .map(([fromNone, fromLight]): Record<SpoilerLevel, SpoilerLevel> => ({ none: fromNone, light: fromLight, full: 'full' }));
  const raised = (content: FilmContent, map: Record<SpoilerLevel, SpoilerLevel>) =>
    withLevels(
      content,
      storyItemsOf(content).map((item) => ({ path: item.path, level: map[item.level] })),
    );
  const key = (w: SpoilerWarning) => `${w.path} ${w.field}`;
  const pages = fc.oneof(fc.constant(demo), arbitraryFilmContent);

  it('never adds a warning when every level is raised the same way', () => {
    fc.assert(
      fc.property(pages, raise, (content, map) => {
        const before = new Set(lintFilmSpoilers(content).map(key));
        for (const warning of lintFilmSpoilers(raised(content, map))) expect(before).toContain(key(warning));
      }),
      { numRuns: 60 },
    );
  });

  it('leaves no item naming a later point once every suggestion is accepted', () => {
    fc.assert(
      fc.property(pages, (content) => {
        const accepted = withLevels(
          content,
          suggestFilmLevels(content).map((s) => ({ path: s.path, level: s.suggested })),
        );
        expect(lintFilmSpoilers(accepted).filter((w) => w.check === 'later-point')).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same warnings every time', () => {
    fc.assert(
      fc.property(pages, (content) => {
        expect(lintFilmSpoilers(structuredClone(content))).toEqual(lintFilmSpoilers(content));
      }),
      { numRuns: 20 },
    );
  });
});
