import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import { visibleFilm, visibleFilmUpTo } from '../../spoilers/visible-film';
import { readingPointsOf } from '../../story-position/reading-points';
import { asSentence } from '../page-text';
import { premiseLine } from './premise';
import { triviaLineAt } from './trivia';
import { charactersLine } from './characters';
import { storyLine } from './story';
import { themesLine } from './themes';
import { timelineLine } from './timeline';
import { charactersLineAt } from './characters';
import { kindLineAt } from './kind';
import { settingLineAt } from './setting';
import { storyLineAt } from './story';
import { themesLineAt } from './themes';
import { timelineLineAt } from './timeline';

const content = sampleFilm();
const at = (level: 'none' | 'light' | 'full') => visibleFilm(content, level);

describe('derived lines with nothing held back', () => {
  it('are exactly the page format’s lines', () => {
    const full = at('full');
    expect(timelineLineAt(full)).toBe(timelineLine(content.events));
    expect(storyLineAt(full)).toBe(storyLine(content));
    expect(charactersLineAt(full)).toBe(charactersLine(content.characters));
    expect(themesLineAt(full)).toBe(themesLine(content.themes));
  });

  it('count words, places and cast as the counting rules say', () => {
    expect(timelineLineAt(at('full'))).toBe(
      '3 key events in the order they happen, from “Arrival NONEWORD” to “Ending FULLWORD”. 3 events name a place, across 2 locations.',
    );
    expect(storyLineAt(at('full'))).toContain('Names in the text link to 1 cast member page.');
  });
});

describe('derived lines below full', () => {
  it('never name or describe what is hidden', () => {
    for (const level of ['none', 'light'] as const) {
      const film = at(level);
      const lines = [
        timelineLineAt(film),
        storyLineAt(film),
        charactersLineAt(film),
        themesLineAt(film),
        settingLineAt(film),
        kindLineAt(film),
      ].join('\n');
      expect(lines).not.toContain('FULLWORD');
      if (level === 'none') expect(lines).not.toContain('LIGHTWORD');
    }
  });

  it('name the last event only when it is visible', () => {
    expect(timelineLineAt(at('light'))).toBe(
      '3 key events in the order they happen, from “Arrival NONEWORD”. 2 are shown at this spoiler level: 2 name a place, across 1 location.',
    );
    const lastVisible = visibleFilm(
      sampleFilm({
        events: [
          { id: 'a', title: 'Start', spoiler: 'full' },
          { id: 'b', title: 'End', spoiler: 'none' },
        ],
      }),
      'none',
    );
    expect(timelineLineAt(lastVisible)).toBe('2 key events in the order they happen, ending with “End”. 1 is shown at this spoiler level.');
  });

  it('still give the story’s length when the story is hidden', () => {
    expect(storyLineAt(at('none'))).toMatch(
      /^The complete story of Sample Film, from the first scene to the last, in \d+ words \(about 1 minute\)\./u,
    );
  });

  it('count every character but list only visible ones', () => {
    expect(charactersLineAt(at('none'))).toBe(
      '2 characters, among them Ann Skater (Pat Doe): who each one is and the part they play in the story. Every profile links to the actor’s page.',
    );
  });

  it('say the kind of film is hidden, not missing, when none of it is visible', () => {
    const kind = {
      ...content.kind,
      tone: { ...content.kind.tone, spoiler: 'full' as const },
      pacing: { ...content.kind.pacing, spoiler: 'full' as const },
      story: { ...content.kind.story, spoiler: 'full' as const },
    };
    const film = visibleFilm({ ...content, kind }, 'none');
    expect(kindLineAt(film)).toBe('What kind of film Sample Film is, is hidden at this spoiler level. Full spoilers show it.');
    expect(kindLineAt(visibleFilm({ ...content, kind }, 'full'))).toMatch(/^Bittersweet in tone/u);
    const empty = { value: '', spoiler: 'none' as const };
    const undescribed = { ...kind, tone: empty, pacing: empty, story: empty, intensity: empty, ending: empty };
    expect(
      kindLineAt(
        visibleFilm(
          { ...content, kind: { ...undescribed, moods: [], contentNotes: [], summary: { text: '', spoiler: 'none' as const } } },
          'none',
        ),
      ),
    ).toBe('Not described yet, going by the plot summary.');
  });

  it('describe the kind of film from the visible values only', () => {
    expect(kindLineAt(at('none'))).toBe('Bittersweet in tone, with steady pacing and a straightforward story, going by the plot summary.');
  });
});

describe('derived lines in every case a reader meets', () => {
  it('say "up to this point", not a spoiler level, when the page is read up to an event', () => {
    const film = visibleFilmUpTo(content, readingPointsOf(content), 1);
    const lines = [timelineLineAt(film), charactersLineAt(film), themesLineAt(film), settingLineAt(film), kindLineAt(film)];
    expect(lines.join('\n')).not.toContain('spoiler level');
    expect(timelineLineAt(film)).toMatch(/ shown up to this point: /u);
    expect(lines.join('\n')).not.toContain('Full spoilers show it');
  });

  it('say "hidden" of one item, "all of them hidden" of several, and "not shown" of one piece of trivia', () => {
    const hidden = (total: number) => Array.from({ length: total }, (_, i) => ({ id: `x${i}`, spoiler: 'full' as const }));
    const one = visibleFilm(
      sampleFilm({
        characters: hidden(1).map((c) => ({ ...c, name: 'Hidden one' })),
        themes: hidden(1).map((t) => ({ ...t, title: 'Hidden idea' })),
        trivia: hidden(1).map((t) => ({ ...t, text: 'Hidden fact' })),
      }),
      'none',
    );
    expect(charactersLineAt(one)).toBe('1 character, hidden at this spoiler level.');
    expect(themesLineAt(one)).toBe('1 idea the story keeps returning to, hidden at this spoiler level.');
    expect(triviaLineAt(one)).toBe('1 piece of trivia about Sample Film, not shown at this spoiler level.');
    const oneEvent = visibleFilm(sampleFilm({ events: hidden(1).map((e) => ({ ...e, title: 'Hidden event' })) }), 'none');
    expect(timelineLineAt(oneEvent)).toBe('1 key event, not shown at this spoiler level.');
    const two = visibleFilm(sampleFilm({ characters: hidden(2).map((c, i) => ({ ...c, name: `Hidden ${i}` })) }), 'none');
    expect(charactersLineAt(two)).toBe('2 characters, all of them hidden at this spoiler level.');
  });

  it('say profiles link to actors only when every character shown has one', () => {
    const uncast = sampleFilm({ characters: [{ id: 'c1', name: 'Nobody yet', playedBy: null, spoiler: 'none' }] });
    expect(charactersLine(uncast.characters)).toBe(
      '1 character, among them Nobody yet: who each one is and the part they play in the story.',
    );
    expect(charactersLine(content.characters)).toMatch(/Every profile links to the actor’s page\.$/u);
  });

  it('start the kind of film with a capital, and give no "not described" line above values that are shown', () => {
    const kind = (values: Partial<Record<'tone' | 'intensity', string>>) =>
      visibleFilm(
        sampleFilm({
          kind: {
            ...content.kind,
            tone: { value: values.tone ?? '', spoiler: 'none' },
            pacing: { value: '', spoiler: 'none' },
            story: { value: '', spoiler: 'none' },
            intensity: { value: values.intensity ?? '', spoiler: 'none' },
            ending: { value: '', spoiler: 'none' },
            summary: { text: '', spoiler: 'none' },
            moods: [],
          },
        }),
        'none',
      );
    expect(kindLineAt(kind({ tone: 'dark' }))).toBe('Dark in tone, going by the plot summary.');
    expect(kindLineAt(kind({ intensity: 'High' }))).toBe('');
  });

  it('leave the premise line out without a premise, and the story out of it without a story', () => {
    expect(premiseLine('Sample Film', 'Two skaters meet.', { storyFollows: false })).toBe(
      'The premise of Sample Film in 3 words, with nothing given away.',
    );
    expect(premiseLine('Sample Film', 'Two skaters meet.')).toMatch(/The full story follows below\.$/u);
  });

  it('end a list of notes with one full stop', () => {
    expect(asSentence('Brief nudity.')).toBe('Brief nudity.');
    expect(asSentence('illness, death')).toBe('illness, death.');
    expect(asSentence('“Is it over?”')).toBe('“Is it over?”');
  });
});
