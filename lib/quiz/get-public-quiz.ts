import 'server-only';
import { db } from '../db';
import { levelsUpTo } from '../spoilers/levels-up-to';
import { SPOILER_LEVELS, type SpoilerLevel } from '../spoilers/levels';
import type { PublicQuestion } from './quiz-schema';
import { quizTexts } from './quiz-language';
import { defaultLocale } from '../i18n/site-locales';
import { quizUnitKey, untranslatedLang, type Untranslated } from '../translations/unit-key';

export type PublicQuiz = {
  slug: string;
  title: string;
  level: SpoilerLevel;
  questions: PublicQuestion[];
  /** How many questions are above the reader's level (their content is never loaded). */
  hidden: number;
  /** The same, per level above the reader's: for "3 more with full spoilers". */
  hiddenByLevel: Partial<Record<SpoilerLevel, number>>;
  /** The language its questions are in: the translation's where it translates any of them, else the page's own (quiz-language.ts). */
  language: string;
  /** The title's language where it is not the page's (the translation has no current title): for its `lang` mark. */
  titleLang?: string;
  /** Whether the film has a published translation into the language asked for (quiz-language.ts). */
  published: boolean;
  /** In a translation: the texts given in the page's own language (no current translation of them). */
  untranslated?: Untranslated;
};

/**
 * The published quiz of a film at one spoiler level, or null when the film is not published; with
 * `locale`, its texts in that language where the published translation has them (quiz-language.ts).
 * Questions above the level are filtered in the query; `correct` and the explanations are never
 * selected: they reach a reader only in the scored result of their own answers.
 */
export async function getPublicQuiz(slug: string, level: SpoilerLevel, locale = defaultLocale()): Promise<PublicQuiz | null> {
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
  const texts = await quizTexts(slug, locale);
  const questions = film.questions.map((q) => ({
    id: q.itemId,
    prompt: texts.text(quizUnitKey(q.itemId, 'prompt'), q.prompt),
    spoiler: q.spoiler,
    options: q.options.map((o) => ({ id: o.itemId, text: texts.text(quizUnitKey(q.itemId, 'options', o.itemId), o.text) })),
  }));
  // Read before the title: it names the texts of the questions and options only (the title is not in the API's answer).
  const untranslated = texts.untranslated();
  const title = texts.text('title', film.title);
  const titleLang = untranslatedLang(texts.untranslated())('title');
  return {
    slug: film.slug,
    title,
    ...(titleLang && { titleLang }),
    level,
    questions,
    hidden: hiddenRows.reduce((sum, r) => sum + r._count._all, 0),
    hiddenByLevel,
    language: texts.languageOf(film.questions),
    published: texts.published,
    ...(untranslated ? { untranslated } : {}),
  };
}
