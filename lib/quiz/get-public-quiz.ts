import 'server-only';
import { db } from '../db';
import { levelsUpTo } from '../spoilers/levels-up-to';
import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';
import type { PublicQuestion } from './quiz-schema';

export type PublicQuiz = {
  slug: string;
  title: string;
  level: SpoilerLevel;
  questions: PublicQuestion[];
  /** How many questions are above the reader's level (their content is never loaded). */
  hidden: number;
  /** The same, per level above the reader's: for "3 more with full spoilers". */
  hiddenByLevel: Partial<Record<SpoilerLevel, number>>;
};

/**
 * The published quiz of a film at one spoiler level, or null when the film is not published.
 * Questions above the level are filtered in the query; `correct` and the explanations are never
 * selected: they reach a reader only in the scored result of their own answers.
 */
export async function getPublicQuiz(slug: string, level: SpoilerLevel): Promise<PublicQuiz | null> {
  const visible = levelsUpTo(level);
  const film = await db().publishedFilm.findUnique({
    where: { slug },
    select: {
      slug: true,
      title: true,
      questions: {
        where: { spoiler: { in: visible } },
        orderBy: { position: 'asc' },
        select: {
          itemId: true,
          prompt: true,
          spoiler: true,
          options: { orderBy: { position: 'asc' }, select: { itemId: true, text: true } },
        },
      },
    },
  });
  if (!film) return null;
  // Only the levels of the hidden questions, to say how many there are: nothing of their content.
  const hiddenRows = await db().quizQuestion.groupBy({
    by: ['spoiler'],
    where: { film: { slug }, spoiler: { notIn: visible } },
    _count: { _all: true },
  });
  const hiddenByLevel: Partial<Record<SpoilerLevel, number>> = {};
  for (const l of SPOILER_LEVELS) {
    const row = hiddenRows.find((r) => r.spoiler === l);
    if (row) hiddenByLevel[l] = row._count._all;
  }
  return {
    slug: film.slug,
    title: film.title,
    level,
    questions: film.questions.map((q) => ({
      id: q.itemId,
      prompt: q.prompt,
      spoiler: q.spoiler,
      options: q.options.map((o) => ({ id: o.itemId, text: o.text })),
    })),
    hidden: hiddenRows.reduce((sum, r) => sum + r._count._all, 0),
    hiddenByLevel,
  };
}
