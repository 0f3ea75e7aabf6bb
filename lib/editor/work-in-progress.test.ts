import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFilmContent } from '../../test-support/arbitrary-content';
import { sampleFilm } from '../../test-support/sample-film';
import { emptyFilmContent } from '../content/schema';
import { asFilmContent, withoutQuiz, workInProgressSchema } from './work-in-progress';

describe('the work-in-progress schema (the content schema relaxed)', () => {
  it('keeps every valid page as it is, without the quiz', () => {
    fc.assert(
      fc.property(arbitraryFilmContent, (content) => {
        const work = withoutQuiz(content);
        expect(workInProgressSchema.parse(work)).toEqual(work);
        expect(asFilmContent(work, content.quiz)).toEqual(content);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps what is not valid yet: an empty title, a half-typed slug, an event without a title, a year being typed', () => {
    const work = {
      ...withoutQuiz(sampleFilm()),
      title: '',
      slug: 'Half Typed',
      releaseYear: Number.NaN,
      events: [{ ...sampleFilm().events[0], title: '' }],
    };
    const parsed = workInProgressSchema.parse(work);
    expect(parsed).toMatchObject({ title: '', slug: 'Half Typed', releaseYear: null, events: [{ title: '' }] });
    expect(asFilmContent(parsed, { questions: [] })).toBeNull();
  });

  it('is bounded, and needs the film’s own fields', () => {
    const work = withoutQuiz(sampleFilm());
    expect(workInProgressSchema.safeParse({ ...work, premise: 'x'.repeat(100_001) }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'premise',
    ]);
    expect(workInProgressSchema.safeParse({ ...work, events: Array.from({ length: 601 }, () => work.events[0]) }).success).toBe(false);
    expect(workInProgressSchema.safeParse({ title: 'only a title' }).success).toBe(false);
  });

  it('reads a slot saved before a part existed as that part empty', () => {
    const { facts: _facts, poster: _poster, stills: _stills, ...older } = withoutQuiz(emptyFilmContent('Older'));
    expect(workInProgressSchema.parse(older)).toEqual(withoutQuiz(emptyFilmContent('Older')));
  });
});
