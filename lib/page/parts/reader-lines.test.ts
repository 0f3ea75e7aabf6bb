import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../../../test-support/sample-film';
import { visibleFilm } from '../../spoilers/visible-film';
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
    expect(timelineLineAt(lastVisible)).toBe(
      '2 key events in the order they happen, ending with “End”. 1 is shown at this spoiler level: 0 name a place, across 0 locations.',
    );
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
