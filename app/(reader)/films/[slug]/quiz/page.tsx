import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getPublicQuiz } from '@/lib/quiz/get-public-quiz';
import { getAttemptResults } from '@/lib/quiz/get-attempt-results';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { QuizTaker } from '@/components/quiz/quiz-taker';
import { QuizResults } from '@/components/quiz/quiz-results';
import { QuizLevelNotice } from '@/components/quiz/quiz-level-notice';
import buttons from '@/components/quiz/buttons.module.css';
import styles from './page.module.css';
import { buildAddress, filmPath } from '@/lib/reader/reader-address.mjs';

type Props = PageProps<'/films/[slug]/quiz'>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Problems of a plain form submission, named in the results redirect (`?error=`). */
function formErrorText(error: string | undefined, retry: string | undefined): string | null {
  if (error === 'rate-limited') return `That is a lot of attempts in a short time. Try again in ${Number(retry) || 60} seconds.`;
  if (error === 'invalid') return 'Your answers could not be checked: the quiz may have changed. Please answer again.';
  return null;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  // The title is spoiler-safe at any level; the level only decides which questions are listed.
  const quiz = await getPublicQuiz(slug, 'none');
  if (!quiz) return {};
  const attempt = first((await searchParams).attempt);
  return {
    title: `Quiz: ${quiz.title}`,
    description: `How well do you remember ${quiz.title}? Test yourself on the story.`,
    // A results page belongs to one attempt: not for search engines.
    ...(attempt ? { robots: { index: false, follow: false } } : {}),
  };
}

/**
 * `/films/{slug}/quiz`: the reader takes the film's quiz at their spoiler level (`?spoilers=`, else
 * the cookie, else none). Correct answers and explanations are not in this page: they come back
 * only as the server's scoring of the reader's answers, from the attempts API (JavaScript) or, for a
 * plain form submission, on this page with `?attempt=` (the form's route redirects here).
 */
export default async function QuizPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const { level, source } = levelDecisionOf(await headers());
  const quiz = await getPublicQuiz(slug, level);
  if (!quiz) notFound();

  const attemptId = first(query.attempt);
  const attempt = attemptId ? await getAttemptResults(slug, attemptId, level) : null;
  const retryHref = buildAddress({ kind: 'quiz', slug, spoilers: source === 'query' ? level : undefined });

  return (
    <main id="main" className={styles.main}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link href={filmPath(slug)}>← {quiz.title}</Link>
      </nav>
      <header className={styles.header}>
        <p className={styles.kicker}>Quiz</p>
        <h1 className={styles.title}>How well do you remember {quiz.title}?</h1>
        <p className={styles.lede}>Test yourself on the story. Your answers are checked when you submit them.</p>
      </header>

      <QuizLevelNotice
        level={level}
        shown={quiz.questions.length}
        hiddenByLevel={quiz.hiddenByLevel}
        // Pinned for this quiz only (`?spoilers=`): the quiz never changes the film page's level.
        levelHref={(l) => buildAddress({ kind: 'quiz', slug, spoilers: l })}
      />

      {attempt ? (
        <QuizResults
          hiddenNote={
            attempt.hidden > 0
              ? `${attempt.hidden === 1 ? 'One answer is' : `${attempt.hidden} answers are`} not shown: ${attempt.hidden === 1 ? 'its question is' : 'their questions are'} above your spoiler level.`
              : null
          }
          score={attempt.score}
          total={attempt.total}
          answered={attempt.answered}
          retry={
            <Link href={retryHref} className={`${buttons.button} ${buttons.primary}`}>
              Try the quiz again
            </Link>
          }
        />
      ) : quiz.questions.length > 0 ? (
        <QuizTaker
          slug={slug}
          questions={quiz.questions}
          pinnedLevel={first(query.spoilers) ? level : undefined}
          formError={formErrorText(first(query.error), first(query.retry))}
        />
      ) : (
        <p className={styles.empty}>
          {quiz.hidden > 0
            ? 'Every question of this quiz reveals part of the story: choose a spoiler level above to see them.'
            : 'This film has no quiz yet.'}
        </p>
      )}
    </main>
  );
}
