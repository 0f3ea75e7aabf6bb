import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import type { FilmContent } from '../../content/schema';
import { diffFilm } from './diff-film';

const base = () => sampleFilm();
const edit = (change: (c: FilmContent) => void) => {
  const after = structuredClone(base());
  change(after);
  return after;
};

describe('diffFilm', () => {
  it('finds nothing between equal pages', () => {
    expect(diffFilm(base(), base())).toEqual({ identical: true, entries: [], flags: [], summary: 'no changes' });
  });

  it('diffs long text word by word', () => {
    const diff = diffFilm(
      base(),
      edit((c) => (c.premise = 'A skater NONEWORD returns home to coach.')),
    );
    expect(diff.summary).toBe('premise edited');
    const [entry] = diff.entries;
    expect(entry).toMatchObject({ key: 'premise', type: 'changed', section: 'premise' });
    const text = entry.fields[0].text!;
    expect(text.filter((p) => p.removed).map((p) => p.value.trim())).toEqual(['train']);
    expect(text.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['coach']);
  });

  it('reports list items added, removed, changed and moved by id, in page order', () => {
    const after = edit((c) => {
      c.events.push(
        { id: 'e4', title: 'Epilogue', description: '', when: '', where: '', spoiler: 'full' },
        { id: 'e5', title: 'Credits', description: '', when: '', where: '', spoiler: 'full' },
      );
      c.events = [c.events[2], c.events[0], c.events[1], c.events[3], c.events[4]]; // e3 moved to the top
      c.characters = c.characters.filter((ch) => ch.id !== 'c2');
      c.themes[0].description = 'Sport and friendship NONEWORD.';
    });
    const diff = diffFilm(base(), after);
    expect(diff.entries.map((e) => `${e.type}:${e.key}`)).toEqual([
      'added:events/e4',
      'added:events/e5',
      'moved:events/e3',
      'removed:characters/c2',
      'changed:themes/t1',
    ]);
    expect(diff.entries.find((e) => e.key === 'events/e3')!.move).toEqual({ from: 3, to: 1 });
    expect(diff.summary).toBe('2 events added, event 1 moved, character The Rival removed, theme “Sport” edited');
  });

  it('names spoiler-level changes in the summary and flags a lowered level', () => {
    const diff = diffFilm(
      base(),
      edit((c) => (c.characters[1].spoiler = 'light')),
    );
    expect(diff.summary).toBe("character The Rival's spoiler level full → light");
    expect(diff.flags).toEqual([expect.objectContaining({ key: 'characters/c2', reason: 'level-lowered', from: 'full', to: 'light' })]);
  });

  it('does not flag a raised level', () => {
    const diff = diffFilm(
      base(),
      edit((c) => (c.characters[0].spoiler = 'full')),
    );
    expect(diff.summary).toBe("character Ann Skater's spoiler level none → full");
    expect(diff.flags).toEqual([]);
  });

  it('flags text of the full story moved into the premise', () => {
    const after = edit((c) => {
      c.story = 'She trains hard every single day until the final competition.';
    });
    const moved = edit((c) => {
      c.story = after.story;
      c.premise = `${c.premise} She trains hard every single day until the final competition.`;
    });
    const diff = diffFilm(after, moved);
    expect(diff.flags).toEqual([expect.objectContaining({ key: 'premise', reason: 'text-revealed', from: 'full', to: 'none' })]);
    expect(diff.flags[0].message).toMatch(/moved into the premise/);
  });

  it('flags a new item below full, and content of a full-spoiler event copied into a light one', () => {
    const source = edit((c) => (c.events[2].description = 'The rival falls on the ice and loses the gold medal.'));
    const after = structuredClone(source);
    after.events[1].description = 'She trains. The rival falls on the ice and loses the gold medal.';
    after.events.push({ id: 'e9', title: 'A new scene', description: '', when: '', where: '', spoiler: 'none' });
    const reasons = diffFilm(source, after).flags.map((f) => `${f.reason}:${f.key}`);
    expect(reasons).toEqual(['text-revealed:events/e2', 'added-visible:events/e9']);
  });

  it('compares object parts field by field (setting, kind traits) and structured fields as text', () => {
    const diff = diffFilm(
      base(),
      edit((c) => {
        c.setting.tags.push({ emoji: '⛸️', label: 'Rink' });
        c.kind.ending = { value: 'Sad FULLWORD', spoiler: 'light' };
        c.releaseYear = 2021;
        c.characters[0].playedBy = { name: 'Sam Poe', slug: 'sam-poe' };
      }),
    );
    expect(diff.summary).toBe("release year 2020 → 2021, character Ann Skater edited, setting edited, ending's spoiler level full → light");
    const setting = diff.entries.find((e) => e.key === 'setting')!;
    expect(setting.fields.map((f) => f.field)).toEqual(['tags']);
    expect(
      setting.fields[0]
        .text!.filter((p) => p.added)
        .map((p) => p.value)
        .join(''),
    ).toContain('Rink');
    expect(diff.entries.find((e) => e.key === 'characters/c1')!.fields.map((f) => f.label)).toEqual(['played by']);
  });

  it('keeps the summary to one line for many changes', () => {
    const diff = diffFilm(
      base(),
      edit((c) => {
        c.title = 'New';
        c.premise = 'x';
        c.story = 'y';
        c.setting.era = '1990s';
        c.themes = [];
        c.kind.tone.value = 'Dark';
        c.kind.pacing.value = 'Fast';
        c.kind.story.value = 'Twisty';
        c.kind.intensity.value = 'Low';
        c.kind.moods = [];
      }),
    );
    expect(diff.summary).toMatch(/ and \d+ more changes$/);
  });

  it('shows facts changes field by field, named in words, at level none', () => {
    const diff = diffFilm(
      base(),
      edit((c) => {
        c.facts.runtimeMinutes = 94;
        c.facts.directors = [{ name: 'Sean Cisterna', slug: 'sean-cisterna' }];
        c.facts.countries = ['CA'];
      }),
    );
    const facts = diff.entries.find((e) => e.key === 'facts')!;
    expect(facts).toMatchObject({ section: 'facts', label: 'Facts', level: { before: 'none', after: 'none' } });
    expect(facts.fields.map((f) => f.label)).toEqual(['runtime (minutes)', 'directors', 'countries']);
    expect(
      facts.fields[1]
        .text!.filter((p) => p.added)
        .map((p) => p.value)
        .join(''),
    ).toContain('Sean Cisterna');
    expect(
      facts.fields[2]
        .text!.filter((p) => p.added)
        .map((p) => p.value)
        .join(''),
    ).toContain('Canada (CA)');
    expect(diff.summary).toBe('facts edited');
    expect(diff.flags).toEqual([]);
  });
});

describe('diffFilm: images', () => {
  const A = 'a'.repeat(32);
  const B = 'b'.repeat(32);
  const withImages = sampleFilm({
    poster: { image: A, alt: 'Old poster', spoiler: 'none' },
    stills: [{ id: 's1', image: A, alt: 'The rink', caption: '', spoiler: 'none' }],
  });

  it('names the poster image before and after, for the compare view’s two thumbnails', () => {
    const after = structuredClone(withImages);
    after.poster = { image: B, alt: 'New poster', spoiler: 'none' };
    const diff = diffFilm(withImages, after);
    expect(diff.entries).toHaveLength(1);
    expect(diff.entries[0]).toMatchObject({ key: 'poster', section: 'images', type: 'changed' });
    expect(diff.entries[0].fields.map((f) => [f.field, f.kind, f.before, f.after])).toEqual([
      ['image', 'image', A, B],
      ['alt', 'text', 'Old poster', 'New poster'],
    ]);
    expect(diff.summary).toBe('poster edited');
  });

  it('sees a still added, and a still’s level lowered as a spoiler flag', () => {
    const after = structuredClone(withImages);
    after.stills.push({ id: 'ending', image: B, alt: 'The final jump', caption: 'The ending', spoiler: 'full' });
    const added = diffFilm(withImages, after).entries;
    expect(added.map((e) => [e.key, e.type, e.fields.find((f) => f.field === 'image')?.after])).toEqual([['stills/ending', 'added', B]]);

    const lowered = structuredClone(after);
    lowered.stills[1].spoiler = 'none';
    const diff = diffFilm(after, lowered);
    expect(diff.entries.map((e) => e.key)).toEqual(['stills/ending']);
    expect(diff.flags.length).toBeGreaterThan(0);
  });
});
