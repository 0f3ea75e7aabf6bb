import { describe, expect, it } from 'vitest';
import { HEADED_SECTIONS, PAGE_SECTIONS, SECTION_LABELS, sectionOfPath } from './parts';
import { sampleFilm } from '../../test-support/sample-film';

describe('page sections', () => {
  it('put every top-level content key in exactly one section', () => {
    const keys = PAGE_SECTIONS.flatMap((s) => [...s.keys]);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(sampleFilm()).sort());
  });

  it('find the section of a content path', () => {
    expect(sectionOfPath('events.3.title')).toBe('timeline');
    expect(sectionOfPath(['events', 3, 'title'])).toBe('timeline');
    expect(sectionOfPath('releaseYear')).toBe('film');
    expect(sectionOfPath('kind.moods.0.label')).toBe('kind');
    expect(sectionOfPath('quiz.questions.1.options')).toBe('quiz');
    expect(sectionOfPath('stills.0.alt')).toBe('images');
    expect(sectionOfPath('facts.directors.0.name')).toBe('facts');
    expect(sectionOfPath('nothing')).toBeNull();
    expect(sectionOfPath([])).toBeNull();
  });

  it('give the reader page and the page format every section but the film’s own fields, in order', () => {
    expect(HEADED_SECTIONS.map((s) => s.id)).toEqual([
      'premise',
      'facts',
      'story',
      'timeline',
      'characters',
      'setting',
      'themes',
      'kind',
      'trivia',
      'images',
      'quiz',
    ]);
    expect(SECTION_LABELS.timeline).toBe('Timeline');
    expect(SECTION_LABELS.kind).toBe('Kind of film');
  });
});
