import 'server-only';
import { db } from '../db';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import type { AnsweredQuestion } from './quiz-schema';
import { quizTexts } from './quiz-language';
import { defaultLocale } from '../i18n/site-locales';
import { quizUnitKey, type Untranslated } from '../translations/unit-key';

export type AttemptResults = {
  score: number;
  total: number;
  answered: AnsweredQuestion[];
  /** Answered questions above the viewer's level (a shared results link): counted, never shown. */
  hidden: number;
  /** The texts above in the page's own language (no current translation), for their `lang` mark. */
  untranslated?: Untranslated;
};

/**
 * A recorded attempt with its answers (its texts in `locale`: lib/quiz/quiz-language.ts), for the results page a plain form submission (no
 * JavaScript) is redirected to. Only an attempt of this film's published quiz, and only the
 * questions it answered that are at or below the viewer's level: a results address passed on to
 * someone else never shows them a spoiler they did not ask for.
 */
export async function getAttemptResults(
  slug: string,
  attemptId: string,
  level: SpoilerLevel,
  locale = defaultLocale(),
): Promise<AttemptResults | null> {
  if (!/^[a-z0-9]{10,40}$/i.test(attemptId)) return null;
  const attempt = await db().quizAttempt.findUnique({
    where: { id: attemptId },
    select: { filmId: true, score: true, total: true, answers: { select: { questionItemId: true, optionItemId: true, correct: true } } },
  });
  if (!attempt) return null;
  const film = await db().publishedFilm.findUnique({
    where: { slug },
    select: {
      filmId: true,
      questions: {
        where: { itemId: { in: attempt.answers.map((a) => a.questionItemId) }, spoiler: { in: levelsUpTo(level) } },
        orderBy: { position: 'asc' },
        select: {
          itemId: true,
          prompt: true,
          explanation: true,
          options: { orderBy: { position: 'asc' }, select: { itemId: true, text: true, correct: true } },
        },
      },
    },
  });
  if (!film || film.filmId !== attempt.filmId) return null;
  const answerOf = new Map(attempt.answers.map((a) => [a.questionItemId, a]));
  const texts = await quizTexts(slug, locale);
  // A question edited or removed by a later publish shows as it is now; a removed one is skipped.
  const answered = film.questions.map((q) => {
    const answer = answerOf.get(q.itemId)!;
    return {
      questionId: q.itemId,
      prompt: texts.text(quizUnitKey(q.itemId, 'prompt'), q.prompt),
      options: q.options.map((o) => ({ id: o.itemId, text: texts.text(quizUnitKey(q.itemId, 'options', o.itemId), o.text) })),
      chosenOptionId: answer.optionItemId,
      correct: answer.correct,
      correctOptionId: q.options.find((o) => o.correct)?.itemId ?? '',
      explanation: texts.text(quizUnitKey(q.itemId, 'explanation'), q.explanation),
    };
  });
  const stillPublished = await db().quizQuestion.count({
    where: { filmId: film.filmId, itemId: { in: attempt.answers.map((a) => a.questionItemId) } },
  });
  const untranslated = texts.untranslated();
  return {
    score: attempt.score,
    total: attempt.total,
    answered,
    hidden: stillPublished - answered.length,
    ...(untranslated && { untranslated }),
  };
}
