import Link from 'next/link';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { SPOILER_LABELS } from '@/lib/spoilers/levels';
import { HEADED_SECTIONS } from '@/lib/content/page-sections';
import { SpoilerControl, type HrefForLevel } from './spoiler-control';
import { PremiseSection } from './film/premise-section';
import { FactsBox, showsFacts } from './film/facts-box';
import { StorySection } from './film/story-section';
import { TimelineSection } from './film/timeline-section';
import { CharactersSection } from './film/characters-section';
import { SettingSection } from './film/setting-section';
import { ThemesSection } from './film/themes-section';
import { KindSection } from './film/kind-section';
import { QuizSection } from './film/quiz-section';
import styles from './film-page.module.css';

export type FilmPageProps = {
  film: VisibleFilm;
  /** Where each level link goes: the reader site sets the cookie; the editor preview switches its own view. */
  hrefForLevel: HrefForLevel;
  /** The quiz page, or null where there is none to go to (a preview). */
  quizHref?: string | null;
};

/**
 * The reader page of one film at one spoiler level, in the seed page's order. It renders exactly
 * the VisibleFilm it is given (the published page from the database, or the editor's draft
 * filtered by visibleFilm), so what a reader is not meant to see was never loaded.
 */
export function FilmPage({ film, hrefForLevel, quizHref = `/films/${film.slug}/quiz` }: FilmPageProps) {
  return (
    <article className={styles.page} data-spoiler-level={film.level}>
      <header className={styles.header}>
        <p className={styles.kicker}>
          <Link href="/">Films</Link>
          {film.releaseYear && <span> · {film.releaseYear}</span>}
        </p>
        <h1 className={styles.title}>{film.title}</h1>
        <p className={styles.showing}>
          Showing: <strong>{SPOILER_LABELS[film.level]}</strong>. Parts above this level are not sent to your browser.
        </p>
      </header>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <SpoilerControl level={film.level} hrefForLevel={hrefForLevel} />
          <nav className={styles.contents} aria-label="On this page">
            <p className={styles.contentsLabel}>On this page</p>
            <ol>
              {HEADED_SECTIONS.filter(({ id }) => id !== 'facts' || showsFacts(film)).map(({ id, label }) => (
                <li key={id}>
                  <a href={`#${id}`}>{label}</a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <div className={styles.body}>
          {/* The infobox: after the premise on small screens, beside it (top right) on wide ones. */}
          <div className={styles.lead}>
            <PremiseSection film={film} />
            <FactsBox film={film} />
          </div>
          <StorySection film={film} hrefForLevel={hrefForLevel} />
          <TimelineSection film={film} hrefForLevel={hrefForLevel} />
          <CharactersSection film={film} hrefForLevel={hrefForLevel} />
          <SettingSection film={film} hrefForLevel={hrefForLevel} />
          <ThemesSection film={film} hrefForLevel={hrefForLevel} />
          <KindSection film={film} hrefForLevel={hrefForLevel} />
          <QuizSection film={film} quizHref={quizHref} />
        </div>
      </div>
    </article>
  );
}
