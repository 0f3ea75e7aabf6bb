/**
 * The quiz taker once hydrated, rendered with Testing Library: it refuses to send an unanswered
 * quiz (naming the question), sends the answers to the attempts API at the level the page was
 * served at, shows the server's scoring in place and starts again; a refusal (429) is said in
 * words; one question at a time moves on with "Next question". The attempts API is a stand-in
 * that records what it was sent and answers as the server does (lib/quiz/attempts-route.int.test.ts
 * tests the real one).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttemptResponse, PublicQuestion } from '@/lib/quiz/quiz-schema';
import { QuizTaker } from './quiz-taker';
import { quizWords } from '@/lib/i18n/reader-text';

const QUESTIONS: PublicQuestion[] = [
  {
    id: 'q1',
    prompt: 'Where does the story start?',
    spoiler: 'none',
    options: [
      { id: 'a', text: 'At the rink' },
      { id: 'b', text: 'At the airport' },
    ],
  },
  {
    id: 'q2',
    prompt: 'Who wins the final?',
    spoiler: 'full',
    options: [
      { id: 'c', text: 'Nobody' },
      { id: 'd', text: 'The pair' },
    ],
  },
];

const SCORED: AttemptResponse = {
  score: 1,
  total: 2,
  results: [
    { questionId: 'q1', correct: true, correctOptionId: 'a', explanation: 'The first scene is at the rink.' },
    { questionId: 'q2', correct: false, correctOptionId: 'd', explanation: 'The pair wins.' },
  ] as AttemptResponse['results'],
};

let sent: Array<{ url: string; body: unknown }>;
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () => Response.json(SCORED);
  window.localStorage.clear();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) });
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const choose = (user: ReturnType<typeof userEvent.setup>, text: string) =>
  user.click(screen.getByRole('radio', { name: new RegExp(text) }));

describe('QuizTaker', () => {
  it('names the first unanswered question instead of sending; then sends the answers at the pinned level and shows the scoring', async () => {
    const user = userEvent.setup();
    render(<QuizTaker slug="kiss-and-cry" questions={QUESTIONS} pinnedLevel="full" words={quizWords()} />);
    await choose(user, 'At the rink');
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(screen.getByRole('alert').textContent).toBe('Question 2 has no answer yet. Choose one, then check your answers.');
    expect(sent).toEqual([]);

    await choose(user, 'Nobody');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('2 of 2 answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    const heading = await screen.findByRole('heading', { name: 'You scored 1 of 2' });
    expect(sent).toEqual([{ url: '/api/v1/films/kiss-and-cry/quiz/attempts?spoilers=full', body: { answers: { q1: 'a', q2: 'c' } } }]);
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe('You scored 1 of 2.');
    expect(screen.getByText('The pair wins.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Try the quiz again' }));
    expect(screen.getAllByRole('radio', { checked: true }).map((radio) => (radio as HTMLInputElement).name)).toEqual(['quiz-view']);
    expect(screen.getByRole('status').textContent).toBe('The quiz starts again.');
  });

  it('says in words when the server refuses: too many attempts (with its Retry-After), a changed quiz', async () => {
    const user = userEvent.setup();
    render(<QuizTaker slug="kiss-and-cry" questions={QUESTIONS} words={quizWords()} />);
    await choose(user, 'At the rink');
    await choose(user, 'The pair');
    answer = () => Response.json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '42' } });
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That is a lot of attempts in a short time. Try again in 42 seconds.');
    // Without a pinned level the cookie decides: no ?spoilers=.
    expect(sent[0].url).toBe('/api/v1/films/kiss-and-cry/quiz/attempts');

    answer = () => Response.json({ error: 'unknown question' }, { status: 400 });
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This quiz has changed since the page was loaded. Reload the page and answer again.',
      ),
    );
    expect(sent).toHaveLength(2);
  });

  it('one question at a time: only the current one is shown, “Next question” moves on, the last one sends', async () => {
    const user = userEvent.setup();
    render(<QuizTaker slug="kiss-and-cry" questions={QUESTIONS} words={quizWords()} />);
    await user.click(screen.getByRole('radio', { name: 'One at a time' }));
    expect(window.localStorage.getItem('quiz-view')).toBe('one');
    expect(screen.getByRole('group', { name: /Where does the story start/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Who wins the final/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check my answers' })).toBeNull();

    await choose(user, 'At the airport');
    await user.click(screen.getByRole('button', { name: 'Next question' }));
    const second = screen.getByRole('group', { name: /Who wins the final/ });
    expect(document.activeElement).toBe(second);
    expect(screen.queryByRole('group', { name: /Where does the story start/ })).toBeNull();
    await choose(user, 'The pair');
    await act(async () => screen.getByRole('button', { name: 'Check my answers' }).click());
    await screen.findByRole('heading', { name: 'You scored 1 of 2' });
    expect(sent[0].body).toEqual({ answers: { q1: 'b', q2: 'd' } });
  });
});

describe('QuizTaker in French', () => {
  it('speaks French, asks the attempts API for French explanations and posts its form to the French page', async () => {
    const user = userEvent.setup();
    render(<QuizTaker slug="kiss-and-cry" questions={QUESTIONS} locale="fr" words={quizWords('fr')} />);
    expect(screen.getByText('Question 2 sur 2')).toBeTruthy();
    expect(screen.getByText('Révélation majeure')).toBeTruthy();
    expect(document.querySelector('form')!.getAttribute('action')).toBe('/fr/films/kiss-and-cry/quiz/answers');
    // The view is remembered across tests' renders: every question at once.
    await user.click(screen.getByRole('radio', { name: 'Toutes les questions' }));
    await choose(user, 'At the rink');
    await user.click(screen.getByRole('button', { name: 'Vérifier mes réponses' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'La question 2 n’a pas encore de réponse. Choisissez-en une, puis vérifiez vos réponses.',
    );
    await choose(user, 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Vérifier mes réponses' }));
    await screen.findByRole('heading', { name: 'Votre score : 1 sur 2' });
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/films/kiss-and-cry/quiz/attempts?locale=fr']);
    expect(screen.getAllByText('Bonne réponse').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Refaire le quiz' })).toBeTruthy();
  });

  it('marks each text that reads in English, in the questions and in the scored results (the explanations named by the API)', async () => {
    const user = userEvent.setup();
    answer = () => Response.json({ ...SCORED, untranslated: { lang: 'en', keys: ['quiz.questions[q2].explanation'] } });
    render(
      <QuizTaker
        slug="kiss-and-cry"
        questions={QUESTIONS}
        locale="fr"
        words={quizWords('fr')}
        untranslated={{ lang: 'en', keys: ['quiz.questions[q1].prompt', 'quiz.questions[q2].options[c]'] }}
      />,
    );
    const marked = () => [...document.querySelectorAll('[lang="en"]')].map((node) => node.textContent);
    expect(marked()).toEqual(['Where does the story start?', 'Nobody']);
    await choose(user, 'At the rink');
    await choose(user, 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Vérifier mes réponses' }));
    await screen.findByRole('heading', { name: 'Votre score : 1 sur 2' });
    expect(marked()).toEqual(['Where does the story start?', 'Nobody', 'The pair wins.']);
  });
});
