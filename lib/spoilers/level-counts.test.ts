import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../test-support/sample-film';
import { posterSchema } from '../page/parts/images';
import { countByLevel, describeGain, emptyParts, gainedBetween, parseLevelCounts, revealsMore } from './level-counts';
import { visibleFilm } from './visible-film';
import { HEADED_PARTS } from '../page/parts';

describe('level counts', () => {
  const counts = countByLevel(sampleFilm());

  it('count each part’s items at each level, never their content', () => {
    expect(counts.events).toEqual({ none: 1, light: 1, full: 1 });
    expect(counts.characters).toEqual({ none: 1, light: 0, full: 1 });
    expect(counts.setting).toEqual({ none: 1, light: 0, full: 0 });
    expect(counts.story).toEqual({ none: 0, light: 0, full: 1 });
    expect(JSON.stringify(counts)).not.toMatch(/WORD/u);
  });

  it('say what a level adds, or takes away', () => {
    const toLight = gainedBetween(counts, 'none', 'light');
    expect(toLight.find((g) => g.part === 'events')).toEqual({ part: 'events', count: 1 });
    expect(toLight.some((g) => g.part === 'story')).toBe(false);
    expect(
      describeGain([
        { part: 'events', count: 3 },
        { part: 'characters', count: 1 },
      ]),
    ).toBe('3 more events and 1 character');
    expect(
      describeGain([
        { part: 'events', count: 1 },
        { part: 'characters', count: 2 },
        { part: 'story', count: 1 },
      ]),
    ).toBe('1 more event, 2 characters and the full story');
    expect(describeGain([{ part: 'story', count: 1 }])).toBe('the full story');
    expect(describeGain([{ part: 'themes', count: 2 }], false)).toBe('2 themes');
    expect(gainedBetween(counts, 'full', 'full')).toEqual([]);
  });

  it('find nothing to add on a page where everything is at level none', () => {
    const flat = sampleFilm();
    const none = <T extends { spoiler: string }>(items: T[]) => items.map((item) => ({ ...item, spoiler: 'none' as const }));
    const all = countByLevel({
      ...flat,
      story: '',
      events: none(flat.events),
      characters: none(flat.characters),
      themes: none(flat.themes),
      kind: {
        ...flat.kind,
        tone: { ...flat.kind.tone, spoiler: 'none' },
        pacing: { ...flat.kind.pacing, spoiler: 'none' },
        story: { ...flat.kind.story, spoiler: 'none' },
        intensity: { ...flat.kind.intensity, spoiler: 'none' },
        ending: { ...flat.kind.ending, spoiler: 'none' },
        summary: { ...flat.kind.summary, spoiler: 'none' },
        moods: none(flat.kind.moods),
        contentNotes: none(flat.kind.contentNotes),
      },
      trivia: none(flat.trivia),
      quiz: { questions: none(flat.quiz.questions) },
    });
    expect(gainedBetween(all, 'none', 'full')).toEqual([]);
  });

  it('read stored counts leniently and round-trip them', () => {
    expect(parseLevelCounts(JSON.parse(JSON.stringify(counts)))).toEqual(counts);
    expect(parseLevelCounts({ events: { none: 'x', light: -1, full: 2 } }).events).toEqual({ none: 0, light: 0, full: 2 });
    expect(parseLevelCounts(null).events).toEqual({ none: 0, light: 0, full: 0 });
  });

  it('offer a level for a part only when it shows more of it (and when counts are missing)', () => {
    expect(revealsMore(counts, 'characters', 'none', 'light')).toBe(false);
    expect(revealsMore(counts, 'characters', 'none', 'full')).toBe(true);
    expect(revealsMore(parseLevelCounts({}), 'characters', 'none', 'light')).toBe(true);
  });

  it('count the poster and the stills, so a level offers only what it shows of them', () => {
    const image = (n: number) => String(n).repeat(32);
    const film = {
      ...sampleFilm(),
      poster: { image: image(1), alt: 'Poster', spoiler: 'light' as const },
      stills: [
        { id: 's1', image: image(2), alt: 'Rink', caption: '', spoiler: 'none' as const },
        { id: 's2', image: image(3), alt: 'Ending', caption: '', spoiler: 'full' as const },
      ],
    };
    const counts = countByLevel(film);
    expect(counts.stills).toEqual({ none: 1, light: 0, full: 1 });
    expect(counts.poster).toEqual({ none: 0, light: 1, full: 0 });
    // The still at full: light shows no more stills, full does.
    expect(revealsMore(counts, 'stills', 'none', 'light')).toBe(false);
    expect(revealsMore(counts, 'stills', 'none', 'full')).toBe(true);
    expect(describeGain(gainedBetween(counts, 'none', 'light').filter((g) => g.part === 'poster'))).toBe('the poster');
    expect(describeGain(gainedBetween(counts, 'light', 'full').filter((g) => g.part === 'stills'))).toBe('1 more still');
  });

  it('give a new poster level none, unlike every other item', () => {
    expect(posterSchema.parse({ image: '0'.repeat(32), alt: 'Poster' }).spoiler).toBe('none');
  });
});

describe('empty parts', () => {
  it('names the parts with nothing in them at any level, which publishing asks about and readers are not shown', () => {
    const film = sampleFilm();
    expect(emptyParts(film)).toEqual([]);
    const bare = sampleFilm({ events: [], characters: [], themes: [], story: '' });
    expect(emptyParts(bare).map((part) => part.label)).toEqual(['Full story', 'Timeline', 'Characters', 'Themes']);
    // The reader page lists and shows none of them, at any level.
    const listed = (level: 'none' | 'full') =>
      HEADED_PARTS.filter(
        (part) => !('listed' in part.reader) || (part.reader.listed as (f: unknown) => boolean)(visibleFilm(bare, level)),
      ).map((part) => part.id);
    for (const level of ['none', 'full'] as const) {
      expect(listed(level)).not.toContain('timeline');
      expect(listed(level)).not.toContain('characters');
      expect(listed(level)).not.toContain('story');
    }
    expect(
      HEADED_PARTS.filter(
        (part) => !('listed' in part.reader) || (part.reader.listed as (f: unknown) => boolean)(visibleFilm(film, 'none')),
      ).map((p) => p.id),
    ).toContain('timeline');
  });
});
