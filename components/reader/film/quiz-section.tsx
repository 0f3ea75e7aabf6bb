import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { heading } from '@/lib/page/parts';
import { plural } from '@/lib/content/derive';
import { quizTeaser } from '@/lib/page/parts/quiz';
import styles from './quiz-section.module.css';

/** "Quiz": a teaser; the quiz itself is its own page (`quizHref`, none in a preview). */
export function QuizSection({ film, quizHref }: { film: VisibleFilm; quizHref: string | null }) {
  const { visible, total } = film.quiz;
  return (
    <section id="quiz" className={styles.quiz} aria-labelledby="quiz-heading">
      <h2 id="quiz-heading" className={styles.heading}>
        {heading('quiz', film.title)}
      </h2>
      <p className={styles.teaser}>{quizTeaser(film.title)}</p>
      {total === 0 ? (
        <p className={styles.count}>There is no quiz for this film yet.</p>
      ) : (
        <>
          <p className={styles.count}>
            {visible === total
              ? `${plural(total, 'question')}.`
              : visible === 0
                ? `${total === 1 ? 'Its one question is' : `All ${total} questions are`} ${film.upto ? 'held back up to this point' : 'above your spoiler level'}.`
                : `${plural(visible, 'question')} ${film.upto ? 'up to this point' : 'at your spoiler level'}, ${total} in all.`}
          </p>
          {quizHref && (
            <a className={styles.button} href={quizHref}>
              Take the quiz<span className="visually-hidden"> on {film.title}</span>
            </a>
          )}
        </>
      )}
    </section>
  );
}
