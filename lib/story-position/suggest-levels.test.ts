import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../import';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { SPOILER_LEVELS } from '../spoilers/levels';
import { storyItemsOf } from './film-story-page';
import { DEFAULT_SHARES, lastPositionAt, levelForPosition, setupShares } from './level-for-position';
import { storyPageOf } from './film-story-page';
import { assessContext, suggestFilmLevels, withLevels, type LevelSuggestion } from './suggest-levels';
import { contentWords } from './text-terms';
import { seasonPage } from '../../test-support/season-page';

const demo = parsePage(readFileSync(path.resolve(import.meta.dirname, '../../prisma/demo/kiss-and-cry.page.txt'), 'utf8')).content;
const at = (suggestions: LevelSuggestion[], where: string) => suggestions.find((s) => s.path === where)!;
const character = (id: string, name: string, description: string, tags: string[] = []) => ({
  id,
  name,
  playedBy: null,
  description,
  tags: tags.map((label) => ({ emoji: '', label })),
  spoiler: 'full' as const,
});

describe('suggested levels on a small page', () => {
  const base = seasonPage();

  it('suggests events by their place in the timeline: the setup none, up to three fifths light, the rest full', () => {
    const suggestions = suggestFilmLevels(base);
    expect(suggestions.filter((s) => s.part === 'event').map((s) => [s.revealedAt, s.suggested])).toEqual([
      [1, 'none'],
      [2, 'none'],
      [3, 'light'],
      [4, 'light'],
      [5, 'light'],
      [6, 'light'],
      [7, 'full'],
      [8, 'full'],
      [9, 'full'],
      [10, 'full'],
    ]);
    expect(at(suggestions, 'events.8').reason).toBe('Full: event 9 of 10, in the last part; it first names ‘national championship’');
    expect(at(suggestions, 'events.1').reason).toBe('None: event 2 of 10, in the setup; it first names ‘Ilse Brandt’');
  });

  it('runs the setup on to a quarter of the timeline while its events bring in no new name', () => {
    const setupEnd = (total: number, newName: (position: number) => boolean) =>
      lastPositionAt('none', total, setupShares(total, DEFAULT_SHARES, newName));
    expect(setupEnd(12, () => false)).toBe(3);
    expect(setupEnd(12, (position) => position === 3)).toBe(2);
    expect(setupEnd(16, (position) => position === 4)).toBe(3);
    expect(setupEnd(10, () => false)).toBe(2);
    expect(setupEnd(3, () => false)).toBe(0);
    // On a page: an event after the first fifth that names only what the premise and the events before it named is setup.
    const events = [...base.events];
    events.splice(2, 0, {
      id: 'ex',
      title: 'Mara at the harbour rink',
      description: 'She laces her skates again.',
      when: '',
      where: '',
      spoiler: 'full',
    });
    events.splice(3, 0, {
      id: 'ey',
      title: 'Mara skates at dusk',
      description: 'The harbour lights come on.',
      when: '',
      where: '',
      spoiler: 'full',
    });
    const suggestions = suggestFilmLevels({ ...base, events });
    expect(
      suggestions
        .filter((s) => s.part === 'event')
        .map((s) => s.suggested)
        .slice(0, 4),
    ).toEqual(['none', 'none', 'none', 'light']);
  });

  it('reads the kind of film’s summary as a synopsis: a word the plot names in one place only dates it, a word it names often does not', () => {
    const summary = (text: string) =>
      at(suggestFilmLevels({ ...base, kind: { ...base.kind, summary: { text, spoiler: 'full' } } }), 'kind.summary');
    expect(summary('A gentle skating drama with a quarrel at its heart.')).toMatchObject({
      suggested: 'full',
      revealedAt: 8,
      reason: 'Full: names ‘quarrel’, first revealed by event 8 of 10',
    });
    // "ankle" is named by an event and by the story: a lone common word of prose, as everywhere else.
    expect(summary('A gentle skating drama about a girl, an ankle and a long winter.')).toMatchObject({ suggested: 'none' });
  });

  it('suggests none for an event the premise already tells, wherever it stands', () => {
    const events = [...base.events];
    events.splice(4, 0, { id: 'ex', title: 'Mara trains every morning', description: '', when: '', where: '', spoiler: 'full' });
    const suggestion = at(suggestFilmLevels({ ...base, events }), 'events.4');
    expect(suggestion).toMatchObject({
      suggested: 'none',
      revealedAt: null,
      reason: 'None: everything it names is already in the premise',
    });
  });

  it('dates an item by the latest thing it names, and says so', () => {
    const content = { ...base, characters: [character('c1', 'Ilse Brandt', 'The coach who takes Mara to the national championship.')] };
    expect(at(suggestFilmLevels(content), 'characters.0')).toMatchObject({
      suggested: 'full',
      revealedAt: 9,
      reason: 'Full: names ‘national championship’, first revealed by event 9 of 10',
      evidence: { field: 'characters.0.description', phrase: 'national championship' },
    });
    const early = { ...base, characters: [character('c1', 'Ilse Brandt', 'A coach from Berlin with a new routine.')] };
    expect(at(suggestFilmLevels(early), 'characters.0')).toMatchObject({ suggested: 'none', revealedAt: 2 });
  });

  it('suggests none for an item that only repeats the premise', () => {
    const content = {
      ...base,
      characters: [character('c1', 'Mara', 'A teenage figure skater who trains every morning.', ['Skater', 'Dreams of competing'])],
    };
    expect(at(suggestFilmLevels(content), 'characters.0')).toMatchObject({
      suggested: 'none',
      revealedAt: null,
      reason: 'None: the premise names it (‘Mara’)',
    });
  });

  it('reads a lone common word in prose or a character’s tag as naming nothing, but every word of a content note, a name or a number', () => {
    const content = {
      ...base,
      characters: [
        character('c1', 'Kit', 'She wins the hearts of everyone she meets.'),
        character('c2', 'June', 'A friend of Tomas.'),
        character('c3', 'Kit', 'A rival skater.', ['Silver']),
      ],
      kind: { ...base.kind, contentNotes: [{ id: 'n1', label: 'silver', spoiler: 'none' as const }] },
    };
    const suggestions = suggestFilmLevels(content);
    expect(at(suggestions, 'characters.0').suggested).toBe('none');
    expect(at(suggestions, 'characters.1')).toMatchObject({ suggested: 'full', revealedAt: 8, evidence: { phrase: 'Tomas' } });
    expect(at(suggestions, 'characters.2')).toMatchObject({ suggested: 'none', revealedAt: null });
    expect(at(suggestions, 'kind.contentNotes.0')).toMatchObject({
      suggested: 'light',
      revealedAt: 6,
      evidence: { field: 'kind.contentNotes.0.label' },
    });
  });

  it('never hides what the premise names: a character by name, the setting by its place, a theme by its title', () => {
    const late = 'She finally lands the triple axel at the national championship.';
    const content = {
      ...base,
      characters: [character('c1', 'Mara', late)],
      setting: { era: '2010s', when: '', place: 'A harbour town', where: late, tags: [], spoiler: 'full' as const },
      themes: [{ id: 't1', title: 'Dreams', description: late, spoiler: 'full' as const }],
    };
    const suggestions = suggestFilmLevels(content);
    expect(at(suggestions, 'characters.0')).toMatchObject({
      suggested: 'none',
      revealedAt: null,
      reason: 'None: the premise names it (‘Mara’)',
    });
    expect(at(suggestions, 'setting')).toMatchObject({
      suggested: 'none',
      revealedAt: null,
      reason: 'None: the premise names it (‘harbour’)',
    });
    expect(at(suggestions, 'themes.0')).toMatchObject({ suggested: 'none', reason: 'None: the premise names it (‘Dreams’)' });
    // Not named by the premise, the same texts are dated by what they name; and someone else's mother is not Mara.
    const unnamed = {
      ...content,
      characters: [character('c1', 'Mara’s mother', late)],
      setting: { ...content.setting, place: 'Quebec' },
      themes: [{ ...content.themes[0], title: 'Winning' }],
    };
    const after = suggestFilmLevels(unnamed);
    for (const path of ['characters.0', 'setting', 'themes.0']) expect(at(after, path)).toMatchObject({ path, suggested: 'full' });
  });

  it('reads a kind-of-film value as describing the film, a mood keyword as naming something', () => {
    const content = {
      ...base,
      kind: {
        ...base.kind,
        intensity: { value: 'Silver', spoiler: 'none' as const },
        moods: [
          { id: 'm1', label: 'hopeful', spoiler: 'none' as const },
          { id: 'm2', label: 'silver medal', spoiler: 'none' as const },
          { id: 'm3', label: 'betrayal', spoiler: 'none' as const },
          { id: 'm4', label: 'perilous', spoiler: 'none' as const },
        ],
      },
    };
    const suggestions = suggestFilmLevels(content);
    expect(at(suggestions, 'kind.intensity').suggested).toBe('none');
    expect(at(suggestions, 'kind.moods.0').suggested).toBe('none');
    expect(at(suggestions, 'kind.moods.1')).toMatchObject({ suggested: 'light', revealedAt: 6 });
    // A noun the page never places names something that happens, as a content note does; an adjective is how the film feels.
    expect(at(suggestions, 'kind.moods.2')).toMatchObject({
      suggested: 'light',
      revealedAt: 6,
      reason: 'Light: the page never says when ‘betrayal’ happens, so it is taken as revealed by event 6 of 10',
    });
    expect(at(suggestions, 'kind.moods.3')).toMatchObject({ suggested: 'none', revealedAt: null });
  });

  it('finds a phrase reworded: words the plot names close together', () => {
    const content = {
      ...base,
      themes: [
        {
          id: 't1',
          title: 'Growing up',
          description: 'An axel, tripled, is the proof that she has grown up at last.',
          spoiler: 'full' as const,
        },
      ],
    };
    expect(at(suggestFilmLevels(content), 'themes.0')).toMatchObject({
      suggested: 'full',
      revealedAt: 9,
      reason: 'Full: names ‘axel … tripled’, first told together by event 9 of 10',
    });
  });

  it('uses the story for what the timeline leaves out', () => {
    const content = {
      ...base,
      themes: [{ id: 't1', title: 'Second place', description: 'What a silver medal is worth.', spoiler: 'full' as const }],
    };
    expect(at(suggestFilmLevels(content), 'themes.0')).toMatchObject({
      suggested: 'light',
      revealedAt: 6,
      reason: 'Light: names ‘silver medal’, first revealed in the full story, at event 6 of 10',
    });
  });

  it('suggests full for the ending, for the ending’s own words elsewhere and for words that say how it turns out', () => {
    const content = {
      ...base,
      kind: {
        ...base.kind,
        ending: { value: 'Bittersweet', spoiler: 'none' as const },
        tone: { value: 'Bittersweet', spoiler: 'none' as const },
      },
      themes: [{ id: 't1', title: 'A tragic farewell', description: '', spoiler: 'none' as const }],
    };
    const suggestions = suggestFilmLevels(content);
    expect(at(suggestions, 'kind.ending')).toMatchObject({
      suggested: 'full',
      revealedAt: 10,
      reason: 'Full: the kind of film’s ending says how the story ends',
    });
    expect(at(suggestions, 'kind.tone')).toMatchObject({
      suggested: 'full',
      reason: 'Full: ‘Bittersweet’ is how the kind of film describes the ending',
    });
    expect(at(suggestions, 'themes.0')).toMatchObject({ suggested: 'full', reason: 'Full: ‘tragic’ says how the story turns out' });
    const told = { ...content, premise: `${content.premise} A tragic and bittersweet tale.` };
    expect(at(suggestFilmLevels(told), 'themes.0').suggested).toBe('none');
    expect(at(suggestFilmLevels(told), 'kind.tone').suggested).toBe('none');
  });

  /** The base page with these content notes, each at full. */
  const withContentNotes = (...labels: string[]) => ({
    ...base,
    kind: { ...base.kind, contentNotes: labels.map((label, i) => ({ id: `n${i + 1}`, label, spoiler: 'full' as const })) },
  });

  it('takes a content note the page never places as revealed by the middle, not as no spoiler', () => {
    const suggestions = suggestFilmLevels(withContentNotes('vertigo', 'school'));
    expect(at(suggestions, 'kind.contentNotes.0')).toMatchObject({
      suggested: 'light',
      revealedAt: 6,
      reason: 'Light: the page never says when ‘vertigo’ happens, so it is taken as revealed by event 6 of 10',
    });
    expect(at(suggestions, 'kind.contentNotes.1')).toMatchObject({ suggested: 'none', revealedAt: null });
  });

  it('takes a content note the page never places, whose words name a kind every reader sees, as no spoiler', () => {
    const suggestions = suggestFilmLevels(withContentNotes('gore', 'period sexism'));
    expect(at(suggestions, 'kind.contentNotes.0')).toMatchObject({
      suggested: 'none',
      revealedAt: null,
      reason: 'None: the page never says when ‘gore’ happens, and its kind (‘violence’) is shown at every level',
    });
    expect(at(suggestions, 'kind.contentNotes.1')).toMatchObject({ suggested: 'none', revealedAt: null });
  });

  it('reads a quiz question with all its options and its explanation', () => {
    const question = {
      id: 'q1',
      prompt: 'What does Mara land?',
      options: [
        { id: 'a', text: 'A toe loop', correct: false },
        { id: 'b', text: 'A triple axel', correct: true },
      ],
      explanation: '',
      spoiler: 'none' as const,
    };
    expect(at(suggestFilmLevels({ ...base, quiz: { questions: [question] } }), 'quiz.questions.0')).toMatchObject({
      suggested: 'full',
      evidence: { field: 'quiz.questions.0.options.1.text' },
    });
  });

  it('reads a page without a timeline by its story: what only the story names is full', () => {
    const content = { ...base, events: [], characters: [character('c1', 'Ilse Brandt', 'She coaches Mara to a triple axel.')] };
    expect(at(suggestFilmLevels(content), 'characters.0')).toMatchObject({
      suggested: 'full',
      revealedAt: 1,
      reason: 'Full: names ‘triple axel’, which only the full story reveals',
    });
  });
});

describe('suggested levels, as properties', () => {
  const premiseWords = [...new Set(contentWords(seasonPage().premise).map((w) => seasonPage().premise.slice(w.start, w.end)))];

  it('suggests none for any item that only repeats premise words', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...premiseWords), { minLength: 1, maxLength: 12 }), fc.boolean(), (words, asLabel) => {
        const base = seasonPage();
        const content = asLabel
          ? { ...base, kind: { ...base.kind, moods: [{ id: 'm1', label: words.slice(0, 3).join(' '), spoiler: 'full' as const }] } }
          : { ...base, characters: [character('c1', 'Mara', `${words.join(' ')}.`)] };
        const suggestion = suggestFilmLevels(content).find((s) => s.part === (asLabel ? 'mood' : 'character'))!;
        expect(suggestion).toMatchObject({ suggested: 'none', revealedAt: null });
      }),
    );
  });

  it('does not depend on the levels an item has now, and gives the same answer every time', () => {
    const items = storyItemsOf(demo);
    const strip = (suggestions: LevelSuggestion[]) => suggestions.map(({ current: _current, ...rest }) => rest);
    const expected = strip(suggestFilmLevels(demo));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SPOILER_LEVELS), { minLength: items.length, maxLength: items.length }), (levels) => {
        const relevelled = withLevels(
          demo,
          items.map((item, i) => ({ path: item.path, level: levels[i] })),
        );
        expect(strip(suggestFilmLevels(relevelled))).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('dates every item within the timeline, events by their own place, and suggests the level of that point', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, (content) => {
        const total = Math.max(1, content.events.length);
        const { shares } = assessContext(storyPageOf(content));
        for (const s of suggestFilmLevels(content)) {
          if (s.revealedAt !== null) expect(s.revealedAt).toBeGreaterThanOrEqual(1);
          if (s.revealedAt !== null) expect(s.revealedAt).toBeLessThanOrEqual(total);
          if (s.part === 'event') expect([null, Number(s.path.split('.')[1]) + 1]).toContain(s.revealedAt);
          const byPoint = levelForPosition(s.revealedAt, total, shares);
          const forcedFull = s.path === 'kind.ending' || s.evidence?.kind === 'outcome' || s.evidence?.kind === 'ending';
          expect(s.suggested).toBe(forcedFull ? 'full' : byPoint);
          expect(s.reason.startsWith({ none: 'None: ', light: 'Light: ', full: 'Full: ' }[s.suggested])).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
