import { beforeAll, describe, expect, it } from 'vitest';
import { createFilm } from '../films';
import { makeActor } from '../../test-support/actors';
import type { Actor } from '../auth/permissions';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors';
import { getQuizStats } from './get-quiz-stats';
import { scoreAttempt } from './score-attempt';
import { publishedQuizFilm, quizFilm, uniqueSlug } from '../../test-support/quiz-fixtures';
import { saveTranslation } from '../translations/save-translation';
import { publishTranslation } from '../translations/publish-translation';
import { db } from '../db';

process.env.SITE_LOCALES = 'en,fr';

let admin: Actor;
let editor: Actor;

beforeAll(async () => {
  admin = await makeActor('ADMIN');
  editor = await makeActor('EDITOR');
});

describe('getQuizStats', () => {
  it('counts attempts per question, the share correct and the most chosen wrong option', async () => {
    const { slug } = await publishedQuizFilm(admin);
    const empty = await getQuizStats({ slug, actor: editor });
    expect(empty).toMatchObject({ attempts: 0, shareCorrect: null, publishedRevision: 1 });
    expect(empty.questions[0]).toMatchObject({ id: 'n1', attempts: 0, shareCorrect: 0, mostChosenWrong: null });

    const attempts = [
      { n1: 'n1a', n2: 'n2b' },
      { n1: 'n1c', n2: 'n2b' },
      { n1: 'n1c', n2: 'n2c' },
      { n1: 'n1a' },
      { n1: 'n1b', l1: 'l1a' },
    ];
    for (const answers of attempts) await scoreAttempt({ slug, level: 'full', input: { answers } });

    const stats = await getQuizStats({ slug, actor: admin });
    expect(stats.attempts).toBe(5);
    // 3 correct answers (n1a twice, l1a) of 9 given.
    expect(stats.shareCorrect).toBeCloseTo(3 / 9);
    const [n1, n2, l1, f1] = stats.questions;
    expect(n1).toMatchObject({ attempts: 5, correctCount: 2, shareCorrect: 0.4 });
    expect(n1.mostChosenWrong).toMatchObject({ id: 'n1c', text: 'First none wrong two', count: 2, share: 0.4 });
    expect(n1.options.map((o) => [o.id, o.count, o.correct])).toEqual([
      ['n1a', 2, true],
      ['n1b', 1, false],
      ['n1c', 2, false],
    ]);
    expect(n2).toMatchObject({ attempts: 3, correctCount: 0, shareCorrect: 0 });
    expect(n2.mostChosenWrong).toMatchObject({ id: 'n2b', count: 2 });
    expect(l1).toMatchObject({ attempts: 1, shareCorrect: 1, mostChosenWrong: null });
    expect(f1).toMatchObject({ attempts: 0, spoiler: 'full' });
  });

  it('counts per language the quiz was taken in: attempts, answers and the share correct, an attempt from before languages last', async () => {
    const { slug } = await publishedQuizFilm(admin);
    await saveTranslation({
      slug,
      locale: 'fr',
      baseRevision: 0,
      sourceRevision: 1,
      texts: { 'quiz.questions[n1].prompt': 'Première question' },
      message: '',
      actor: admin,
    });
    await publishTranslation({ slug, locale: 'fr', revision: 1, actor: admin });
    for (const answers of [{ n1: 'n1a' }, { n1: 'n1a', n2: 'n2b' }, { n1: 'n1b' }])
      await scoreAttempt({ slug, level: 'full', input: { answers } });
    for (const answers of [{ n1: 'n1c' }, { n1: 'n1a' }]) await scoreAttempt({ slug, level: 'full', input: { answers }, locale: 'fr' });
    // Recorded before attempts said their language.
    const film = await db().film.findUniqueOrThrow({ where: { slug }, select: { id: true } });
    await db().quizAttempt.create({
      data: {
        filmId: film.id,
        revisionNumber: 1,
        score: 0,
        total: 1,
        answers: { create: [{ filmId: film.id, questionItemId: 'n1', optionItemId: 'n1b', correct: false }] },
      },
    });

    const stats = await getQuizStats({ slug, actor: editor });
    expect(stats.attempts).toBe(6);
    expect(stats.languages).toEqual([
      { locale: 'en', attempts: 3, shareCorrect: 2 / 4 },
      { locale: 'fr', attempts: 2, shareCorrect: 1 / 2 },
      { locale: null, attempts: 1, shareCorrect: 0 },
    ]);
    const [n1, n2] = stats.questions;
    expect(n1.languages).toEqual([
      { locale: 'en', attempts: 3, shareCorrect: 2 / 3 },
      { locale: 'fr', attempts: 2, shareCorrect: 1 / 2 },
      { locale: null, attempts: 1, shareCorrect: 0 },
    ]);
    expect(n2.languages).toEqual([{ locale: 'en', attempts: 1, shareCorrect: 0 }]);
  });

  it('breaks a tie for the most chosen wrong option by the options’ order', async () => {
    const { slug } = await publishedQuizFilm(admin);
    await scoreAttempt({ slug, level: 'full', input: { answers: { n1: 'n1c' } } });
    await scoreAttempt({ slug, level: 'full', input: { answers: { n1: 'n1b' } } });
    expect((await getQuizStats({ slug, actor: admin })).questions[0].mostChosenWrong?.id).toBe('n1b');
  });

  it('has no questions for a film that is not published', async () => {
    const draft = quizFilm(uniqueSlug('draft'));
    await createFilm({ content: draft, actor: admin });
    expect(await getQuizStats({ slug: draft.slug, actor: admin })).toMatchObject({ publishedRevision: null, attempts: 0, questions: [] });
  });

  it('is for editors and admins only', async () => {
    const { slug } = await publishedQuizFilm(admin);
    await expect(getQuizStats({ slug, actor: null as unknown as Actor })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(getQuizStats({ slug, actor: { ...editor, mustChangePassword: true } })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(getQuizStats({ slug: 'no-such-film', actor: admin })).rejects.toBeInstanceOf(NotFoundError);
  });
});
