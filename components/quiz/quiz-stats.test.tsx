/**
 * The quiz's statistics on the editor's quiz page: per language only once the quiz was taken in
 * more than one, each language by name, most attempts first.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuizStats as Stats } from '@/lib/quiz/get-quiz-stats';
import { QuizStats } from './quiz-stats';

afterEach(cleanup);

const question = (languages: Stats['languages']): Stats['questions'][number] => ({
  id: 'q1',
  prompt: 'Where does she train?',
  spoiler: 'none',
  attempts: 6,
  correctCount: 3,
  shareCorrect: 0.5,
  mostChosenWrong: null,
  options: [
    { id: 'a', text: 'Toronto', correct: true, count: 3, share: 0.5 },
    { id: 'b', text: 'Paris', correct: false, count: 3, share: 0.5 },
  ],
  languages,
});

const stats = (languages: Stats['languages']): Stats => ({
  slug: 'kiss-and-cry',
  publishedRevision: 1,
  attempts: 6,
  shareCorrect: 0.5,
  languages,
  questions: [question(languages)],
});

describe('QuizStats', () => {
  it('compares the languages the quiz was taken in, by name, with attempts from before languages last', () => {
    render(
      <QuizStats
        stats={stats([
          { locale: 'en', attempts: 4, shareCorrect: 0.75 },
          { locale: 'fr', attempts: 1, shareCorrect: 0 },
          { locale: null, attempts: 1, shareCorrect: 0 },
        ])}
      />,
    );
    expect(screen.getByTestId('quiz-languages').textContent).toBe(
      'Correct answers by language: English: 75% of 4 attempts · French: 0% of 1 attempt · Not recorded: 0% of 1 attempt.',
    );
    expect(screen.getByTestId('question-languages').textContent).toBe(
      'English: 75% of 4 answers · French: 0% of 1 answer · Not recorded: 0% of 1 answer',
    );
  });

  it('says nothing per language when the quiz was taken in one, even beside attempts from before languages were recorded', () => {
    render(
      <QuizStats
        stats={stats([
          { locale: 'en', attempts: 5, shareCorrect: 0.5 },
          { locale: null, attempts: 1, shareCorrect: 0.5 },
        ])}
      />,
    );
    expect(screen.queryByTestId('quiz-languages')).toBeNull();
    expect(screen.queryByTestId('question-languages')).toBeNull();
    expect(screen.getByTestId('question-attempts').textContent).toBe('6');
  });
});
