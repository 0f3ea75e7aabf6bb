import Link from 'next/link';
import type { ReactNode } from 'react';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { levelRank, type SpoilerLevel } from '@/lib/spoilers/levels';
import { HEADED_PARTS } from '@/lib/page/parts';
import { gainedBetween } from '@/lib/spoilers/level-counts';
import { partWords, readerText } from '@/lib/i18n/reader-text';
import { SpoilerControl, type DescribeLevel, type HrefForLevel } from './spoiler-control';
import { ReadingPosition } from './reading-position';
import { UptoControl, UptoSteps } from './upto-control';
import { READER_PART_SECTIONS, type ReaderPartComponents, type ReaderSectionProps } from './film/part-sections';
import styles from './film-page.module.css';
import { untranslatedLang } from '@/lib/translations/unit-key';
import { quizPath, listPath } from '@/lib/reader/reader-address.mjs';

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
  /** The language of the page's texts (a translation's), which its interface speaks too; absent, the site's own. */
  locale?: string;
  /** Links to the page in its other languages (the reader site), under the headline. */
  languages?: ReactNode;
  /** On a translation's page, the pages' own language: the `lang` of what no translation has (tags, genres). */
  ownLang?: string;
};

/** What each level would add to (or take from) this page, in counts; null when nothing. */
function describeLevels(film: VisibleFilm, locale: string | undefined): DescribeLevel {
  const words = partWords(locale);
  return (option) => {
    const up = levelRank(option) > levelRank(film.level);
    const gains = up ? gainedBetween(film.counts, film.level, option) : gainedBetween(film.counts, option, film.level);
    if (gains.length === 0) return null;
    return up ? words.gain(gains) : readerText(locale)('levels.hides', { what: words.gain(gains, false) });
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
  quizHref: quizHrefGiven,
  readUpTo = false,
  inBrowserPreview = false,
  locale,
  languages,
  ownLang,
}: FilmPageProps) {
  const t = readerText(locale);
  const quizHref = quizHrefGiven === undefined ? quizPath(film.slug, locale) : quizHrefGiven;
  const words = partWords(locale);
  // One mode at a time: read up to a point, the page is at no level of the control (none is claimed,
  // and what a level would add is not measured from a point), and the level is not offered for all films.
  const reading = film.upto ? null : film.level;
  const describe = reading ? describeLevels(film, locale) : undefined;
  const everyFilm = reading && hrefForEveryFilm && (
    <p className={styles.everyFilm}>
      {t('levels.filmOnly', { title: film.title })}{' '}
      <a href={hrefForEveryFilm(film.level)} rel="nofollow" data-level-link="">
        {t('levels.everyFilm', { level: t(`levels.name.${film.level}`).toLowerCase() })}
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
    props: ReaderSectionProps = { film, hrefForLevel, quizHref, locale, ownLang },
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
      {sections.map(({ id }) => (
        <li key={id}>
          <a href={`#${id}`} data-contents-link="">
            {words.label(id)}
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
            <Link href={listPath(locale)}>{t('film.kicker')}</Link>
            {film.releaseYear && <span> · {film.releaseYear}</span>}
          </p>
          <h1 className={styles.title} lang={untranslatedLang(film.untranslated)('title')}>
            {film.title}
          </h1>
          {film.upto ? (
            <>
              <p className={styles.showing} data-upto-showing="">
                {t('film.showing')}{' '}
                <strong>
                  {t('film.uptoShowing', { seen: film.upto.seen, events: film.upto.events })}
                  {film.eventMinutes[film.upto.seen - 1] != null &&
                    ` ${t('film.minutesIn', { minute: film.eventMinutes[film.upto.seen - 1]! })}`}
                </strong>
                {t('film.uptoNotSent')}
              </p>
              {readUpTo && <UptoSteps film={film} locale={locale} />}
            </>
          ) : (
            <p className={styles.showing}>
              {t('film.showing')} <strong>{t(`levels.name.${film.level}`)}</strong>.{' '}
              {inBrowserPreview ? t('film.notInPreview') : t('film.notSent')}
            </p>
          )}
          {languages}
          {render('HeaderEnd')}
        </div>
      </header>
      {/* Phones: one compact bar that stays at the top; each menu opens without JavaScript. */}
      <div className={styles.bar} data-film-bar="">
        <details className={styles.barMenu} data-bar-menu="">
          <summary className={styles.barButton}>
            <span className={styles.barLabel}>{t('film.reveal')}</span>{' '}
            <strong>{film.upto ? t('film.uptoBar', { seen: film.upto.seen }) : t(`levels.name.${film.level}`)}</strong>
          </summary>
          <div className={styles.barPanel}>
            <SpoilerControl level={reading} hrefForLevel={hrefForLevel} describe={describe} idPrefix="bar-spoiler-level" locale={locale}>
              {everyFilm}
            </SpoilerControl>
            {readUpTo && <UptoControl film={film} idPrefix="bar-upto" locale={locale} />}
          </div>
        </details>
        <details className={styles.barMenu} data-bar-menu="">
          <summary className={styles.barButton}>{t('film.onThisPage')}</summary>
          <nav className={`${styles.barPanel} ${styles.barContents}`} aria-label={t('film.onThisPage')}>
            {contents}
          </nav>
        </details>
      </div>
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <SpoilerControl level={reading} hrefForLevel={hrefForLevel} describe={describe} locale={locale}>
            {everyFilm}
          </SpoilerControl>
          {readUpTo && <UptoControl film={film} locale={locale} />}
          <nav className={styles.contents} aria-label={t('film.onThisPage')}>
            <p className={styles.contentsLabel}>{t('film.onThisPage')}</p>
            {contents}
          </nav>
        </aside>
        <div className={styles.body}>
          {render('Section', (c) => c.lead !== true, { film, hrefForLevel, quizHref, lead, locale, ownLang })}
        </div>
      </div>
    </article>
  );
}
