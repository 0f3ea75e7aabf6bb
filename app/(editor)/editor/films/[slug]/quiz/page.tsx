import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { signInAddress } from '@/lib/auth/sign-in-address';
import { sameContent } from '@/lib/content/same-content';
import { can, type Actor } from '@/lib/auth/permissions';
import { NotFoundError } from '@/lib/errors';
import { getDraft, getRevision } from '@/lib/films';
import { getQuizStats } from '@/lib/quiz/get-quiz-stats';
import { saveQuizAction } from '@/lib/quiz/quiz-actions';
import { QuizEditor } from '@/components/quiz/quiz-form/quiz-editor';
import { QuizReadOnly } from '@/components/quiz/quiz-read-only';
import { QuizStats } from '@/components/quiz/quiz-stats';
import styles from './page.module.css';
import { FilmBreadcrumb } from '@/components/editor/film-breadcrumb';
import { quizPath } from '@/lib/reader/reader-address.mjs';

type Props = PageProps<'/editor/films/[slug]/quiz'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  return { title: `Quiz of ${slug}` };
}

async function loadDraft(slug: string, actor: Actor) {
  try {
    return await getDraft({ slug, actor });
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/**
 * `/editor/films/{slug}/quiz`: admins edit the quiz of the latest revision (saved as a new revision,
 * published with the page); editors read it. Both see the statistics of the published quiz.
 * Read-only here is for clarity only: the action, saveQuiz and saveDraft each refuse editors.
 */
export default async function QuizEditorPage({ params }: Props) {
  const { slug } = await params;
  const actor = await getActor();
  if (!actor) redirect(await signInAddress());
  const draft = await loadDraft(slug, actor);
  const canEdit = can(actor, 'quiz.edit');
  const [stats, publishedQuiz] = await Promise.all([
    can(actor, 'quiz.stats') ? getQuizStats({ slug: draft.slug, actor }) : null,
    draft.published ? getRevision({ slug: draft.slug, number: draft.published, actor }).then((r) => r.content.quiz) : null,
  ]);
  const quiz = draft.content.quiz;
  const live = publishedQuiz !== null && sameContent(publishedQuiz, quiz);

  return (
    <div className={styles.page}>
      <FilmBreadcrumb slug={draft.slug} title={draft.content.title} steps={[{ label: 'Quiz' }]} />
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Quiz · {draft.content.title}</h1>
          <p className={styles.status}>
            Latest revision {draft.revision}
            {' · '}
            {draft.published === null ? (
              'not published'
            ) : live ? (
              <span className={styles.live}>this quiz is live on the reader site</span>
            ) : (
              <span className={styles.pending}>
                the quiz differs from the published revision {draft.published}: publish the page to make it live
              </span>
            )}
            {draft.published !== null ? (
              <>
                {' · '}
                <Link href={quizPath(draft.slug)}>Open the reader quiz</Link>
              </>
            ) : null}
          </p>
        </div>
        <nav aria-label="On this page" className={styles.tabs}>
          <a href="#questions">Questions ({quiz.questions.length})</a>
          {stats ? <a href="#statistics">Statistics</a> : null}
        </nav>
      </header>

      <section aria-labelledby="questions" className={styles.section}>
        <h2 id="questions" className={styles.sectionTitle}>
          Questions
        </h2>
        {canEdit ? (
          <QuizEditor
            key={draft.filmId}
            slug={draft.slug}
            baseRevision={draft.revision}
            quiz={quiz}
            publishedRevision={draft.published}
            save={saveQuizAction}
          />
        ) : (
          <QuizReadOnly quiz={quiz} />
        )}
      </section>

      {stats ? (
        <section aria-labelledby="statistics" className={styles.section}>
          <h2 id="statistics" className={styles.sectionTitle}>
            Statistics{' '}
            {stats.publishedRevision !== null ? (
              <span className={styles.subtle}>of the published quiz (revision {stats.publishedRevision})</span>
            ) : null}
          </h2>
          <QuizStats stats={stats} />
        </section>
      ) : null}
    </div>
  );
}
