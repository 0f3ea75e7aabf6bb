import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import styles from './quiz-section.module.css';

/** "Quiz": a teaser; the quiz itself is its own page (`quizHref`, none in a preview). */
export function QuizSection({ film, quizHref, locale }: { film: VisibleFilm; quizHref: string | null; locale?: string }) {
  const t = readerText(locale);
  const { visible, total } = film.quiz;
  return (
    <section id="quiz" className={styles.quiz} aria-labelledby="quiz-heading">
      <h2 id="quiz-heading" className={styles.heading}>
        {partWords(locale).heading('quiz', film.title)}
      </h2>
      <p className={styles.teaser}>{partWords(locale).quizTeaser(film.title)}</p>
      {total === 0 ? (
        <p className={styles.count}>{t('quiz.none')}</p>
      ) : (
        <>
          <p className={styles.count}>
            {visible === total
              ? t('quiz.all', { count: total })
              : visible === 0
                ? t('quiz.noneShown', { count: total, upto: String(Boolean(film.upto)) })
                : t('quiz.someShown', { visible, total, upto: String(Boolean(film.upto)) })}
          </p>
          {quizHref && (
            <a className={styles.button} href={quizHref}>
              {t('quiz.take')}
              <span className="visually-hidden">{t('quiz.takeOn', { title: film.title })}</span>
            </a>
          )}
        </>
      )}
    </section>
  );
}
