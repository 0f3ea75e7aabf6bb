/**
 * What the quiz page and the film page's quiz section say about questions held back by level: the
 * counts in words that agree with what is shown, "more" only when some are shown.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleFilm } from '@/test-support/sample-film';
import { visibleFilm, visibleFilmUpTo } from '@/lib/spoilers/visible-film';
import { readingPointsOf } from '@/lib/story-position/reading-points';
import { QuizSection } from '../reader/film/quiz-section';
import { QuizLevelNotice } from './quiz-level-notice';

afterEach(cleanup);

const levelHref = (level: string) => `/films/x/quiz?spoilers=${level}`;

describe('QuizLevelNotice', () => {
  it('with none shown, counts the hidden questions without "more"', () => {
    render(<QuizLevelNotice level="none" shown={0} hiddenByLevel={{ full: 3 }} levelHref={levelHref} />);
    expect(screen.getByText('No questions at this level.')).toBeTruthy();
    expect(screen.getByText(/^3 questions are hidden because they reveal more of the story/u)).toBeTruthy();
  });

  it('with some shown, counts the others as more', () => {
    render(<QuizLevelNotice level="none" shown={2} hiddenByLevel={{ light: 1 }} levelHref={levelHref} />);
    expect(screen.getByText(/^1 more question is hidden because it reveals more of the story/u)).toBeTruthy();
  });
});

describe('QuizSection', () => {
  const quiz = (levels: Array<'none' | 'full'>) =>
    sampleFilm({
      quiz: {
        questions: levels.map((spoiler, i) => ({
          id: `q${i}`,
          prompt: `Question ${i}?`,
          spoiler,
          options: [
            { id: 'a', text: 'Yes', correct: true },
            { id: 'b', text: 'No', correct: false },
          ],
        })),
      },
    });

  it('says every question is above the level when none is shown', () => {
    render(<QuizSection film={visibleFilm(quiz(['full', 'full', 'full']), 'none')} quizHref="/films/x/quiz" />);
    expect(screen.getByText('All 3 questions are above your spoiler level.')).toBeTruthy();
  });

  it('says the one question is above the level', () => {
    render(<QuizSection film={visibleFilm(quiz(['full']), 'none')} quizHref="/films/x/quiz" />);
    expect(screen.getByText('Its one question is above your spoiler level.')).toBeTruthy();
  });

  it('read up to a point, speaks of the point, not a level', () => {
    const film = quiz(['none', 'full']);
    render(<QuizSection film={visibleFilmUpTo(film, readingPointsOf(film), 1)} quizHref="/films/x/quiz" />);
    expect(screen.getByText(/ up to this point, 2 in all\.$/u)).toBeTruthy();
  });

  it('counts the shown ones against all of them', () => {
    render(<QuizSection film={visibleFilm(quiz(['none', 'full']), 'none')} quizHref="/films/x/quiz" />);
    expect(screen.getByText('1 question at your spoiler level, 2 in all.')).toBeTruthy();
  });
});
