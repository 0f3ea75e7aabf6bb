import Link from 'next/link';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { SPOILER_LABELS, levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import { HEADED_PARTS } from '@/lib/page/parts';
import { describeGain, gainedBetween } from '@/lib/spoilers/level-counts';
import { SpoilerControl, type DescribeLevel, type HrefForLevel } from './spoiler-control';
import { ReadingPosition } from './reading-position';
import { UptoControl, UptoSteps } from './upto-control';
import { READER_PART_SECTIONS, type ReaderPartComponents, type ReaderSectionProps } from './film/part-sections';
import styles from './film-page.module.css';
import { quizPath } from '@/lib/reader/reader-address.mjs';

/** Where the reader can be, for ReadingPosition: the content notes, then the sections in order. */
const PLACES = ['content-notes', ...HEADED_PARTS.map(({ id }) => id)];

const PARTS = HEADED_PARTS.map((part) => ({ part, components: READER_PART_SECTIONS[part.id] as ReaderPartComponents }));

export type FilmPageProps = {
  film: VisibleFilm;
  /** Where each level link goes: the reader site sets the cookie; the editor preview switches its own view. */
  hrefForLevel: HrefForLevel;
  /** The link that makes a level the reader's level for every film (the reader site only). */
  hrefForEveryFilm?: (level: SpoilerLevel) => string;
  /** The quiz page, or null where there is none to go to (a preview). */
  quizHref?: string | null;
  /** Offer "I've seen up to: …" (the reader site: it sets the film's choice in the cookie). */
  readUpTo?: boolean;
  /**
   * A preview made in the browser from a whole draft (the import page): the hidden parts are in
   * the browser, just not shown, so the page must not say they were never sent.
   */
  inBrowserPreview?: boolean;
};

/** What each level would add to (or take from) this page, in counts; null when nothing. */
function describeLevels(film: VisibleFilm): DescribeLevel {
  return (option) => {
    const up = levelRank(option) > levelRank(film.level);
    const gains = up ? gainedBetween(film.counts, film.level, option) : gainedBetween(film.counts, option, film.level);
    if (gains.length === 0) return null;
    return up ? describeGain(gains) : `Hides ${describeGain(gains, false)}`;
  };
}

/**
 * The reader page of one film at one spoiler level, in the seed page's order. It renders exactly
 * the VisibleFilm it is given (the published page from the database, or the editor's draft
 * filtered by visibleFilm), so what a reader is not meant to see was never loaded. The level
 * control and the contents follow the reader: a sticky column on wide screens, a bar at the top on
 * phones.
 */
export function FilmPage({
  film,
  hrefForLevel,
  hrefForEveryFilm,
  quizHref = quizPath(film.slug),
  readUpTo = false,
  inBrowserPreview = false,
}: FilmPageProps) {
  // One mode at a time: read up to a point, the page is at no level of the control (none is claimed,
  // and what a level would add is not measured from a point), and the level is not offered for all films.
  const reading = film.upto ? null : film.level;
  const describe = reading ? describeLevels(film) : undefined;
  const everyFilm = reading && hrefForEveryFilm && (
    <p className={styles.everyFilm}>
      This level is for {film.title} only.{' '}
      <a href={hrefForEveryFilm(film.level)} rel="nofollow" data-level-link="">
        Use {SPOILER_LABELS[film.level].toLowerCase()} for all films
      </a>
    </p>
  );
  // A part may list its section only when it has something (the images, the facts).
  const sections = HEADED_PARTS.filter(
    (part) => !('listed' in part.reader) || (part.reader.listed as (film: VisibleFilm) => boolean)(film),
  );
  const listed = new Set<string>(sections.map(({ id }) => id));
  // A part with nothing in it is neither listed nor shown (no "0 key events"); header pieces are their own.
  const render = (
    which: 'Section' | 'HeaderTop' | 'HeaderEnd',
    where: (c: ReaderPartComponents) => boolean = () => true,
    props: ReaderSectionProps = { film, hrefForLevel, quizHref },
  ) =>
    PARTS.filter(({ part, components }) => components[which] && where(components) && (which !== 'Section' || listed.has(part.id))).map(
      ({ part, components }) => {
        const Component = components[which]!;
        return <Component key={part.id} {...props} />;
      },
    );
  // The infobox, held by the premise (after its first paragraph on phones, beside it when wide).
  const lead = PARTS.some(({ part, components }) => components.lead === true && listed.has(part.id))
    ? render('Section', (c) => c.lead === true)
    : undefined;
  const contents = (
    <ol>
      {sections.map(({ id, label }) => (
        <li key={id}>
          <a href={`#${id}`} data-contents-link="">
            {label}
          </a>
        </li>
      ))}
    </ol>
  );
  return (
    <article className={styles.page} data-spoiler-level={film.level}>
      <ReadingPosition sections={PLACES} />
      {/* The poster (HeaderTop) has a column of its own beside the headline, never a float: text
          beside a float squeezes every block that follows it. */}
      <header className={styles.header}>
        {render('HeaderTop')}
        <div className={styles.headline}>
          <p className={styles.kicker}>
            <Link href="/">Films</Link>
            {film.releaseYear && <span> · {film.releaseYear}</span>}
          </p>
          <h1 className={styles.title}>{film.title}</h1>
          {film.upto ? (
            <>
              <p className={styles.showing} data-upto-showing="">
                Showing:{' '}
                <strong>
                  up to event {film.upto.seen} of {film.upto.events}
                  {film.eventMinutes[film.upto.seen - 1] != null && ` (${film.eventMinutes[film.upto.seen - 1]} min in)`}
                </strong>
                . What the story reveals after it is not sent to your browser.
              </p>
              {readUpTo && <UptoSteps film={film} />}
            </>
          ) : (
            <p className={styles.showing}>
              Showing: <strong>{SPOILER_LABELS[film.level]}</strong>.{' '}
              {inBrowserPreview
                ? 'Parts above this level are left out of this preview, as readers at this level will not get them.'
                : 'Parts above this level are not sent to your browser.'}
            </p>
          )}
          {render('HeaderEnd')}
        </div>
      </header>
      {/* Phones: one compact bar that stays at the top; each menu opens without JavaScript. */}
      <div className={styles.bar} data-film-bar="">
        <details className={styles.barMenu} data-bar-menu="">
          <summary className={styles.barButton}>
            <span className={styles.barLabel}>Reveal</span>{' '}
            <strong>{film.upto ? `Up to event ${film.upto.seen}` : SPOILER_LABELS[film.level]}</strong>
          </summary>
          <div className={styles.barPanel}>
            <SpoilerControl level={reading} hrefForLevel={hrefForLevel} describe={describe} idPrefix="bar-spoiler-level">
              {everyFilm}
            </SpoilerControl>
            {readUpTo && <UptoControl film={film} idPrefix="bar-upto" />}
          </div>
        </details>
        <details className={styles.barMenu} data-bar-menu="">
          <summary className={styles.barButton}>On this page</summary>
          <nav className={`${styles.barPanel} ${styles.barContents}`} aria-label="On this page">
            {contents}
          </nav>
        </details>
      </div>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <SpoilerControl level={reading} hrefForLevel={hrefForLevel} describe={describe}>
            {everyFilm}
          </SpoilerControl>
          {readUpTo && <UptoControl film={film} />}
          <nav className={styles.contents} aria-label="On this page">
            <p className={styles.contentsLabel}>On this page</p>
            {contents}
          </nav>
        </aside>
        <div className={styles.body}>{render('Section', (c) => c.lead !== true, { film, hrefForLevel, quizHref, lead })}</div>
      </div>
    </article>
  );
}
