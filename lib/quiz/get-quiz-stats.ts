import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import type { SpoilerLevel } from '../spoilers/levels';

export type OptionStats = { id: string; text: string; correct: boolean; count: number; share: number };

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
};

export type QuizStats = {
  slug: string;
  /** The revision readers see, or null when the film is not published (then no questions). */
  publishedRevision: number | null;
  /** Attempts at this film's quiz, over every published revision. */
  attempts: number;
  /** Share of all answers that were correct, 0..1, or null before the first attempt. */
  shareCorrect: number | null;
  questions: QuestionStats[];
};

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/**
 * Statistics of the published quiz, per question: how many answered it, the share who answered
 * correctly and the most chosen wrong option. Answers are matched to the published questions and
 * options by their ids, so they add up across republishes; `correct` is as scored at the time.
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

  const [totals, groups] = await Promise.all([
    db().quizAttempt.aggregate({ where: { filmId: film.id }, _count: { _all: true }, _sum: { score: true, total: true } }),
    db().quizAnswer.groupBy({
      by: ['questionItemId', 'optionItemId', 'correct'],
      where: { filmId: film.id },
      _count: { _all: true },
    }),
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
    };
  });

  const attempts = totals._count._all;
  return {
    slug: film.slug,
    publishedRevision: film.published?.revisionNumber ?? null,
    attempts,
    shareCorrect: attempts > 0 && totals._sum.total ? (totals._sum.score ?? 0) / totals._sum.total : null,
    questions,
  };
}
