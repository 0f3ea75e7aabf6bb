import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import type { SpoilerLevel } from '../spoilers/levels';

export type OptionStats = { id: string; text: string; correct: boolean; count: number; share: number };

/** Answers in one language: `locale` null for attempts recorded before languages were. */
export type LanguageStats = { locale: string | null; attempts: number; shareCorrect: number };

export type QuestionStats = {
  id: string;
  prompt: string;
  spoiler: SpoilerLevel;
  /** Answers given to this question (each attempt answers it at most once). */
  attempts: number;
  correctCount: number;
  /** 0..1; 0 when nobody answered yet. */
  shareCorrect: number;
  /** The wrong option chosen most often (the first in order on a tie), or null. */
  mostChosenWrong: OptionStats | null;
  options: OptionStats[];
  /** The answers to it per language the quiz was taken in, most answered first (`attempts`: its answers). */
  languages: LanguageStats[];
};

export type QuizStats = {
  slug: string;
  /** The revision readers see, or null when the film is not published (then no questions). */
  publishedRevision: number | null;
  /** Attempts at this film's quiz, over every published revision. */
  attempts: number;
  /** Share of all answers that were correct, 0..1, or null before the first attempt. */
  shareCorrect: number | null;
  /** Attempts and the share of their answers correct per language the quiz was taken in, most attempts first. */
  languages: LanguageStats[];
  questions: QuestionStats[];
};

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** Most first, then by language tag (null, before languages were recorded, last). */
const byAttempts = (a: LanguageStats, b: LanguageStats) =>
  b.attempts - a.attempts || (a.locale ?? '\uffff').localeCompare(b.locale ?? '\uffff');

/**
 * Statistics of the published quiz, per question: how many answered it, the share who answered
 * correctly and the most chosen wrong option, and both per language it was taken in (a question
 * answered wrongly far more often in one language may be translated badly). Answers are matched to
 * the published questions and options by their ids, so they add up across republishes; `correct`
 * is as scored at the time.
 */
export async function getQuizStats({ slug, actor }: { slug: string; actor: Actor }): Promise<QuizStats> {
  assertCan(actor, 'quiz.stats');
  const film = await db().film.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      published: {
        select: {
          revisionNumber: true,
          questions: {
            orderBy: { position: 'asc' },
            select: {
              itemId: true,
              prompt: true,
              spoiler: true,
              options: { orderBy: { position: 'asc' }, select: { itemId: true, text: true, correct: true } },
            },
          },
        },
      },
    },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);

  const [groups, attemptLanguages, answerLanguages] = await Promise.all([
    db().quizAnswer.groupBy({
      by: ['questionItemId', 'optionItemId', 'correct'],
      where: { filmId: film.id },
      _count: { _all: true },
    }),
    db().quizAttempt.groupBy({ by: ['locale'], where: { filmId: film.id }, _count: { _all: true }, _sum: { score: true, total: true } }),
    db().$queryRaw<Array<{ questionItemId: string; locale: string | null; answers: number; correct: number }>>`
      SELECT a."questionItemId", t."locale", count(*)::int AS "answers", count(*) FILTER (WHERE a."correct")::int AS "correct"
      FROM "QuizAnswer" a JOIN "QuizAttempt" t ON t."id" = a."attemptId"
      WHERE a."filmId" = ${film.id}
      GROUP BY a."questionItemId", t."locale"`,
  ]);

  const questions = (film.published?.questions ?? []).map((q): QuestionStats => {
    const rows = groups.filter((g) => g.questionItemId === q.itemId);
    const attempts = rows.reduce((sum, r) => sum + r._count._all, 0);
    const correctCount = rows.filter((r) => r.correct).reduce((sum, r) => sum + r._count._all, 0);
    const options = q.options.map((o) => {
      const count = rows.filter((r) => r.optionItemId === o.itemId).reduce((sum, r) => sum + r._count._all, 0);
      return { id: o.itemId, text: o.text, correct: o.correct, count, share: share(count, attempts) };
    });
    const mostChosenWrong = options
      .filter((o) => !o.correct && o.count > 0)
      .reduce<OptionStats | null>((best, o) => (!best || o.count > best.count ? o : best), null);
    return {
      id: q.itemId,
      prompt: q.prompt,
      spoiler: q.spoiler,
      attempts,
      correctCount,
      shareCorrect: share(correctCount, attempts),
      mostChosenWrong,
      options,
      languages: answerLanguages
        .filter((row) => row.questionItemId === q.itemId)
        .map((row) => ({ locale: row.locale, attempts: row.answers, shareCorrect: share(row.correct, row.answers) }))
        .sort(byAttempts),
    };
  });

  // The whole quiz's figures are the sum of its languages'.
  const sum = (of: (row: (typeof attemptLanguages)[number]) => number) => attemptLanguages.reduce((n, row) => n + of(row), 0);
  const attempts = sum((row) => row._count._all);
  const totalAnswers = sum((row) => row._sum.total ?? 0);
  return {
    slug: film.slug,
    publishedRevision: film.published?.revisionNumber ?? null,
    attempts,
    shareCorrect: attempts > 0 && totalAnswers > 0 ? sum((row) => row._sum.score ?? 0) / totalAnswers : null,
    languages: attemptLanguages
      .map((row) => ({ locale: row.locale, attempts: row._count._all, shareCorrect: share(row._sum.score ?? 0, row._sum.total ?? 0) }))
      .sort(byAttempts),
    questions,
  };
}
