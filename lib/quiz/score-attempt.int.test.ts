import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../db';
import { createFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { NotFoundError, ValidationError } from '../errors';
import { scoreAttempt } from './score-attempt';
import { getAttemptResults } from './get-attempt-results';
import { publishedQuizFilm, quizFilm, uniqueSlug } from '../../test-support/quiz-fixtures';

let admin: Actor;
let slug: string;
let filmId: string;

const attemptsOf = () => db().quizAttempt.count({ where: { filmId } });
const answersOf = () => db().quizAnswer.count({ where: { filmId } });

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  ({ slug } = await publishedQuizFilm(admin));
  filmId = (await db().film.findUniqueOrThrow({ where: { slug } })).id;
});

describe('scoreAttempt', () => {
  it('scores on the server, in the quiz order, and returns the correct option and explanation', async () => {
    const scored = await scoreAttempt({ slug, level: 'full', input: { answers: { l1: 'l1b', n1: 'n1a', n2: 'n2c' } } });
    expect(scored.score).toBe(1);
    expect(scored.total).toBe(3);
    expect(scored.results).toEqual([
      { questionId: 'n1', correct: true, correctOptionId: 'n1a', explanation: 'Because NONEEXPLAINED.' },
      { questionId: 'n2', correct: false, correctOptionId: 'n2a', explanation: 'Because NONEEXPLAINED.' },
      { questionId: 'l1', correct: false, correctOptionId: 'l1a', explanation: 'Because LIGHTEXPLAINED.' },
    ]);
  });

  it('records the attempt and its answers anonymously, with the published revision', async () => {
    const { attemptId } = await scoreAttempt({ slug, level: 'full', input: { answers: { n1: 'n1b', f1: 'f1a' } } });
    const attempt = await db().quizAttempt.findUniqueOrThrow({ where: { id: attemptId }, include: { answers: true } });
    expect(attempt).toMatchObject({ filmId, revisionNumber: 1, score: 1, total: 2 });
    expect(attempt.answers.map((a) => [a.questionItemId, a.optionItemId, a.correct]).sort()).toEqual([
      ['f1', 'f1a', true],
      ['n1', 'n1b', false],
    ]);
    // Nothing that could identify a reader: the rows hold only ids, answers, the time and the quiz's language.
    expect(Object.keys(attempt).sort()).toEqual(['answers', 'createdAt', 'filmId', 'id', 'locale', 'revisionNumber', 'score', 'total']);
    expect(attempt.locale).toBe('en');
  });

  it('refuses an unknown question or option with a 400 naming each, and records nothing', async () => {
    const [attempts, answers] = [await attemptsOf(), await answersOf()];
    const error = await scoreAttempt({ slug, level: 'full', input: { answers: { n1: 'n1a', nope: 'n1a', n2: 'l1a' } } }).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual([
      { path: 'answers.nope', message: 'Unknown question' },
      { path: 'answers.n2', message: 'Unknown option' },
    ]);
    expect([await attemptsOf(), await answersOf()]).toEqual([attempts, answers]);
  });

  it('scores only questions visible at the attempt’s level: one above it is an unknown question', async () => {
    const [attempts, answers] = [await attemptsOf(), await answersOf()];
    for (const [level, hidden] of [
      ['none', 'l1'],
      ['light', 'f1'],
    ] as const) {
      const error = await scoreAttempt({ slug, level, input: { answers: { n1: 'n1a', [hidden]: 'bogus' } } }).catch((e) => e);
      expect((error as ValidationError).errors).toEqual([{ path: `answers.${hidden}`, message: 'Unknown question' }]);
    }
    expect([await attemptsOf(), await answersOf()]).toEqual([attempts, answers]);
    const light = await scoreAttempt({ slug, level: 'light', input: { answers: { n1: 'n1a', l1: 'l1a' } } });
    expect(light.results.map((r) => r.questionId)).toEqual(['n1', 'l1']);
  });

  it('refuses malformed input', async () => {
    const attempts = await attemptsOf();
    for (const input of [{}, { answers: {} }, { answers: [] }, { answers: { n1: 3 } }, { answers: { 'bad id!': 'n1a' } }, null, 'n1=n1a']) {
      await expect(scoreAttempt({ slug, level: 'full', input })).rejects.toBeInstanceOf(ValidationError);
    }
    const tooMany = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, 'x']));
    await expect(scoreAttempt({ slug, level: 'full', input: { answers: tooMany } })).rejects.toMatchObject({ status: 400 });
    expect(await attemptsOf()).toBe(attempts);
  });

  it('answers 404 for a film that is not published', async () => {
    const draft = quizFilm(uniqueSlug('draft'));
    await createFilm({ content: draft, actor: admin });
    await expect(scoreAttempt({ slug: draft.slug, level: 'full', input: { answers: { n1: 'n1a' } } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(scoreAttempt({ slug: 'no-such-film', level: 'full', input: { answers: { n1: 'n1a' } } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('getAttemptResults (the no-JavaScript results page)', () => {
  it('shows an attempt with the chosen and correct options, only at the viewer’s level', async () => {
    const { attemptId } = await scoreAttempt({ slug, level: 'full', input: { answers: { n1: 'n1b', f1: 'f1a' } } });
    const full = await getAttemptResults(slug, attemptId, 'full');
    expect(full).toMatchObject({ score: 1, total: 2, hidden: 0 });
    expect(full!.answered.map((q) => [q.questionId, q.chosenOptionId, q.correctOptionId, q.correct])).toEqual([
      ['n1', 'n1b', 'n1a', false],
      ['f1', 'f1a', 'f1a', true],
    ]);
    // A results address opened at a lower level never shows the question above it.
    const none = await getAttemptResults(slug, attemptId, 'none');
    expect(none!.answered.map((q) => q.questionId)).toEqual(['n1']);
    expect(none!.hidden).toBe(1);
    expect(JSON.stringify(none)).not.toContain('FULL');
  });

  it('finds nothing for another film’s attempt or a made-up id', async () => {
    const other = await publishedQuizFilm(admin);
    const { attemptId } = await scoreAttempt({ slug: other.slug, level: 'full', input: { answers: { n1: 'n1a' } } });
    expect(await getAttemptResults(slug, attemptId, 'full')).toBeNull();
    expect(await getAttemptResults(slug, 'clnotanattempt000000000', 'full')).toBeNull();
    expect(await getAttemptResults(slug, '../../etc', 'full')).toBeNull();
  });
});
