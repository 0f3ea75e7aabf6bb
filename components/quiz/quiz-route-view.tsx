import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getPublicQuiz } from '@/lib/quiz/get-public-quiz';
import { getAttemptResults } from '@/lib/quiz/get-attempt-results';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { quizWords, readerText } from '@/lib/i18n/reader-text';
import { defaultLocale } from '@/lib/i18n/site-locales';
import { buildAddress, filmPath } from '@/lib/reader/reader-address.mjs';
import { QuizTaker } from './quiz-taker';
import { QuizResults } from './quiz-results';
import { QuizLevelNotice } from './quiz-level-notice';
import { sentenceWith } from '@/components/reader/sentence-with';
import buttons from './buttons.module.css';
import styles from './quiz-page.module.css';

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A translation's language, or undefined for the language pages are written in (its addresses have no prefix). */
const translated = (locale: string) => (locale === defaultLocale() ? undefined : locale);

/** The quiz page's title and description, in the page's language. */
export async function quizMetadata(slug: string, locale: string, query: Query): Promise<Metadata> {
  // The title is spoiler-safe at any level; the level only decides which questions are listed.
  const quiz = await getPublicQuiz(slug, 'none', locale);
  if (!quiz) return {};
  const t = readerText(locale);
  return {
    title: t('quizPage.metaTitle', { title: quiz.title }),
    description: t('quizPage.metaDescription', { title: quiz.title }),
    // A results page belongs to one attempt: not for search engines.
    ...(first(query.attempt) ? { robots: { index: false, follow: false } } : {}),
  };
}

/**
 * `/films/{slug}/quiz`, `/{locale}/films/{slug}/quiz`: the reader takes the film's quiz at their
 * spoiler level (`?spoilers=`, else the cookie, else none), in the page's language (the published
 * translation's texts: lib/quiz/quiz-language.ts). Correct answers and explanations are not in this
 * page: they come back only as the server's scoring of the reader's answers, from the attempts API
 * (JavaScript) or, for a plain form submission, on this page with `?attempt=` (the form's route
 * redirects here).
 */
export async function QuizRouteView({ slug, locale, query }: { slug: string; locale: string; query: Query }) {
  const { level, source } = levelDecisionOf(await headers());
  const quiz = await getPublicQuiz(slug, level, locale);
  // A translation's page only over a published translation (proxy.ts sends the others to the 404 page first).
  if (!quiz || (translated(locale) && !quiz.published)) notFound();
  const t = readerText(locale);
  const words = quizWords(locale);
  const inLanguage = translated(locale);
  const attemptId = first(query.attempt);
  const attempt = attemptId ? await getAttemptResults(slug, attemptId, level, locale) : null;
  const retryHref = buildAddress({ kind: 'quiz', slug, locale: inLanguage, spoilers: source === 'query' ? level : undefined });
  const error = first(query.error);
  const formError =
    error === 'rate-limited'
      ? t('quizPage.rateLimited', { count: Number(first(query.retry)) || 60 })
      : error === 'invalid'
        ? t('quizPage.invalid')
        : null;

  return (
    <main id="main" className={styles.main}>
      <nav aria-label={t('quizPage.breadcrumb')} className={styles.breadcrumb}>
        <Link href={filmPath(slug, inLanguage)}>
          ← <span lang={quiz.titleLang}>{quiz.title}</span>
        </Link>
      </nav>
      <header className={styles.header}>
        <p className={styles.kicker}>{t('quizPage.kicker')}</p>
        <h1 className={styles.title}>
          {sentenceWith((title) => t('quizPage.heading', { title }), <span lang={quiz.titleLang}>{quiz.title}</span>)}
        </h1>
        <p className={styles.lede}>{t('quizPage.lede')}</p>
      </header>

      <QuizLevelNotice
        level={level}
        shown={quiz.questions.length}
        hiddenByLevel={quiz.hiddenByLevel}
        // Pinned for this quiz only (`?spoilers=`): the quiz never changes the film page's level.
        levelHref={(l) => buildAddress({ kind: 'quiz', slug, locale: inLanguage, spoilers: l })}
        locale={locale}
      />

      {attempt ? (
        <QuizResults
          hiddenNote={attempt.hidden > 0 ? t('quizPage.hiddenAnswers', { count: attempt.hidden }) : null}
          score={attempt.score}
          total={attempt.total}
          answered={attempt.answered}
          words={words}
          untranslated={attempt.untranslated}
          retry={
            <Link href={retryHref} className={`${buttons.button} ${buttons.primary}`}>
              {words.tryAgain}
            </Link>
          }
        />
      ) : quiz.questions.length > 0 ? (
        <QuizTaker
          slug={slug}
          questions={quiz.questions}
          pinnedLevel={first(query.spoilers) ? level : undefined}
          formError={formError}
          locale={inLanguage}
          words={words}
          untranslated={quiz.untranslated}
        />
      ) : (
        <p className={styles.empty}>{quiz.hidden > 0 ? t('quizPage.allHidden') : t('quizPage.none')}</p>
      )}
    </main>
  );
}
