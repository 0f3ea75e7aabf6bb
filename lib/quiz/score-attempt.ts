import 'server-only';
import { db } from '../db';
import { fieldErrors, type FieldError } from '../content/schema';
import { NotFoundError, ValidationError } from '../errors';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import { attemptInputSchema, type AttemptResponse } from './quiz-schema';
import { quizTexts } from './quiz-language';
import { defaultLocale } from '../i18n/site-locales';
import { quizUnitKey } from '../translations/unit-key';

export type ScoredAttempt = AttemptResponse & { attemptId: string; /** The explanations' language. */ language: string };

/**
 * Scores a reader's answers against the published quiz and records them anonymously (an attempt
 * and its answers: no user, address or cookie) for the statistics, in one transaction (Prisma runs
 * a nested create as one).
 *
 * The attempt is scored at the reader's spoiler `level`, the one their quiz was served at: a
 * question above it is not loaded, so naming one answers exactly as naming a made-up id does
 * ("Unknown question"; its existence, options and explanation stay on the server). Every answer
 * must name a question visible at the level and one of its options; otherwise the whole attempt is
 * refused with a 400 naming each wrong answer (`answers.{questionId}`) and nothing is recorded.
 * `total` is the number of questions answered.
 */
export async function scoreAttempt({
  slug,
  level,
  input,
  locale = defaultLocale(),
}: {
  slug: string;
  level: SpoilerLevel;
  input: unknown;
  /** The language of the explanations (quiz-language.ts). */
  locale?: string;
}): Promise<ScoredAttempt> {
  const parsed = attemptInputSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  const { answers } = parsed.data;

  const film = await db().publishedFilm.findUnique({
    where: { slug },
    select: {
      filmId: true,
      revisionNumber: true,
      questions: {
        where: { itemId: { in: Object.keys(answers) }, spoiler: { in: levelsUpTo(level) } },
        orderBy: { position: 'asc' },
        select: { itemId: true, explanation: true, options: { select: { itemId: true, correct: true } } },
      },
    },
  });
  if (!film) throw new NotFoundError(`No published film “${slug}”`);

  const errors: FieldError[] = [];
  const byId = new Map(film.questions.map((q) => [q.itemId, q]));
  for (const [questionId, optionId] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) errors.push({ path: `answers.${questionId}`, message: 'Unknown question' });
    else if (!question.options.some((o) => o.itemId === optionId))
      errors.push({ path: `answers.${questionId}`, message: 'Unknown option' });
  }
  if (errors.length > 0) throw new ValidationError(errors);

  const results = film.questions.map((question) => {
    const chosen = answers[question.itemId];
    // A published question always has exactly one correct option (the content schema's rule).
    const correctOptionId = question.options.find((o) => o.correct)?.itemId ?? '';
    return { questionId: question.itemId, chosen, correct: chosen === correctOptionId, correctOptionId, explanation: question.explanation };
  });
  const score = results.filter((r) => r.correct).length;

  // Read before the attempt is recorded: a failure here records nothing.
  const texts = await quizTexts(slug, locale);
  const attempt = await db().quizAttempt.create({
    data: {
      filmId: film.filmId,
      revisionNumber: film.revisionNumber,
      locale: texts.languageOf(film.questions),
      score,
      total: results.length,
      answers: {
        create: results.map((r) => ({ filmId: film.filmId, questionItemId: r.questionId, optionItemId: r.chosen, correct: r.correct })),
      },
    },
    select: { id: true },
  });

  const scored = results.map(({ questionId, correct, correctOptionId, explanation }) => ({
    questionId,
    correct,
    correctOptionId,
    explanation: texts.text(quizUnitKey(questionId, 'explanation'), explanation),
  }));
  const untranslated = texts.untranslated();
  return {
    attemptId: attempt.id,
    language: texts.languageOf(film.questions),
    score,
    total: results.length,
    results: scored,
    ...(untranslated && { untranslated }),
  };
}
