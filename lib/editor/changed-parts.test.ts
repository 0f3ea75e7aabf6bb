import { describe, expect, it } from 'vitest';
import { sampleFilm } from '../content/sample-film';
import { changedParts } from './changed-parts';
import { asFilmContent, withoutQuiz, workInProgressSchema } from './work-in-progress';

describe('changedParts', () => {
  const before = sampleFilm();

  it('finds nothing between equal pages', () => {
    expect(changedParts(before, sampleFilm())).toEqual([]);
  });

  it('names changed top-level parts and changed fields of items, matched by id', () => {
    const after = sampleFilm({
      premise: 'Another premise',
      events: [before.events[0], { ...before.events[1], title: 'Renamed', spoiler: 'full' }, before.events[2]],
    });
    expect(changedParts(before, after)).toEqual([
      { key: 'premise', label: 'Premise', kind: 'changed' },
      { key: 'events:e2', label: 'Timeline event “Renamed”', kind: 'changed', fields: ['title', 'spoiler level'] },
    ]);
  });

  it('tells added, removed and reordered items apart', () => {
    const after = sampleFilm({
      themes: [before.themes[1], before.themes[0], { id: 't3', title: 'Family', description: '', spoiler: 'none' }],
      characters: [before.characters[0]],
    });
    const changes = changedParts(before, after);
    expect(changes).toContainEqual({ key: 'characters:c2', label: 'Character “The Rival”', kind: 'removed' });
    expect(changes).toContainEqual({ key: 'themes:t3', label: 'Theme “Family”', kind: 'added' });
    expect(changes).toContainEqual({ key: 'themes:order', label: 'Order of themes', kind: 'reordered' });
    expect(changes).toHaveLength(3);
  });

  it('covers the setting, each kind-of-film value, keywords and the quiz', () => {
    const after = sampleFilm({
      setting: { ...before.setting, era: '1990s' },
      kind: { ...before.kind, ending: { value: 'Happy', spoiler: 'full' }, moods: before.kind.moods.slice(0, 1) },
      quiz: { questions: [] },
    });
    expect(changedParts(before, after).map((c) => c.key)).toEqual(['setting', 'kind.ending', 'kind.moods:m2', 'quiz']);
  });
});

describe('work in progress', () => {
  it('accepts a half-typed page and drops the quiz', () => {
    const parsed = workInProgressSchema.parse({ ...sampleFilm(), title: '', slug: 'Not Yet' });
    expect(parsed.title).toBe('');
    expect(parsed).not.toHaveProperty('quiz');
  });

  it('becomes a saveable page only when valid, with the base revision’s quiz put back', () => {
    const film = sampleFilm();
    expect(asFilmContent(withoutQuiz(film), film.quiz)).toEqual(film);
    expect(asFilmContent({ ...withoutQuiz(film), slug: 'Not Yet' }, film.quiz)).toBeNull();
  });
});
