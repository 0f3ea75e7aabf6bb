import Link from 'next/link';
import type { ReactNode } from 'react';
import type { PersonRef } from '@/lib/content/schema';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { INTERFACE_LOCALE, interfaceLocale, readerText } from '@/lib/i18n/reader-text';
import { localeName, regionName } from '@/lib/i18n/locale-name';
import { countryName, factsPart, genreKey } from '@/lib/page/parts/facts';
import { formatFactDate, formatRuntime, imdbUrl, languageNames, wikidataUrl } from '@/lib/content/facts-text';
import { NO_FILTER, listPageHref, type FilmFilter } from '@/lib/reader/film-filter';
import { FilmListLink } from '../film-list-link';
import styles from './facts-box.module.css';
import { personPath } from '@/lib/reader/reader-address.mjs';

/** People named in the facts, each linking to their page in the page's language. */
function People({ people, locale }: { people: PersonRef[]; locale?: string }) {
  return people.map((person, i) => (
    <span key={person.slug}>
      {i > 0 && ', '}
      <Link href={personPath(person.slug, locale)}>{person.name}</Link>
    </span>
  ));
}

const joined = (items: ReactNode[]) =>
  items.map((item, i) => (
    <span key={i}>
      {i > 0 && ', '}
      {item}
    </span>
  ));

/** Whether the page has an infobox (and its contents list a "Facts" entry). */
export const showsFacts = (film: Pick<VisibleFilm, 'facts' | 'releaseYear'>) => factsPart.reader.listed(film);

/**
 * The infobox: the film's facts as a definition list, like an encyclopedia's. Facts are not
 * spoilers, so it is the same at every level. Nothing is rendered for a film without facts.
 */
export function FactsBox({ film, locale, ownLang }: { film: VisibleFilm; locale?: string; ownLang?: string }) {
  const { facts } = film;
  if (!showsFacts(film)) return null;
  const t = readerText(locale);
  // Names and dates in the page's language (Intl); the site's own keeps the registry's English names.
  const translated = interfaceLocale(locale) !== INTERFACE_LOCALE;
  const country = (code: string) => (translated ? regionName(code, locale) : countryName(code));
  const languages = translated ? facts.languages.map((code) => localeName(code, locale)) : languageNames(facts);
  // The list in the page's language, filtered by one value (its French list on a French page).
  const listOf = (filter: Partial<FilmFilter>) => listPageHref(1, { ...NO_FILTER, ...filter }, locale);
  const rows: Array<[string, ReactNode]> = [];
  if (facts.releaseDate) rows.push([t('facts.released'), formatFactDate(facts.releaseDate, translated ? locale : undefined)]);
  else if (film.releaseYear !== null)
    rows.push([
      t('facts.released'),
      <FilmListLink key="y" href={listOf({ year: film.releaseYear })}>
        {film.releaseYear}
      </FilmListLink>,
    ]);
  if (facts.runtimeMinutes !== null) rows.push([t('facts.runningTime'), formatRuntime(facts.runtimeMinutes)]);
  if (facts.directors.length > 0)
    rows.push([t('facts.directors', { count: facts.directors.length }), <People key="d" people={facts.directors} locale={locale} />]);
  if (facts.writers.length > 0)
    rows.push([t('facts.writers', { count: facts.writers.length }), <People key="w" people={facts.writers} locale={locale} />]);
  if (facts.genres.length > 0)
    rows.push([
      t('facts.genres', { count: facts.genres.length }),
      joined(
        facts.genres.map((g) => (
          // A genre is the film's fact as written, in the pages' own language.
          <FilmListLink key={g} href={listOf({ genre: genreKey(g) })} lang={ownLang}>
            {g}
          </FilmListLink>
        )),
      ),
    ]);
  if (facts.countries.length > 0)
    rows.push([
      t('facts.countries', { count: facts.countries.length }),
      joined(
        facts.countries.map((code) => (
          <FilmListLink key={code} href={listOf({ country: code })}>
            {country(code)}
          </FilmListLink>
        )),
      ),
    ]);
  if (facts.languages.length > 0) rows.push([t('facts.languages', { count: facts.languages.length }), languages.join(', ')]);
  if (facts.ageRatings.length > 0) rows.push([t('facts.ageRating'), joined(facts.ageRatings)]);
  const links = [
    ...(facts.imdbId
      ? [
          <a key="imdb" href={imdbUrl(facts.imdbId)} rel="external noopener">
            IMDb
          </a>,
        ]
      : []),
    ...(facts.wikidataId
      ? [
          <a key="wd" href={wikidataUrl(facts.wikidataId)} rel="external noopener">
            Wikidata
          </a>,
        ]
      : []),
  ];
  if (links.length > 0) rows.push([t('facts.elsewhere'), joined(links)]);
  return (
    // Captioned, not headed: the page's h2s are the seed page's section headings. A named section,
    // not an <aside>: it sits inside the premise's section, and a complementary landmark inside
    // another landmark is an axe violation (landmark-complementary-is-top-level).
    <section id="facts" className={styles.box} aria-label={t('film.factsAbout', { title: film.title })}>
      <p className={styles.heading}>{film.title}</p>
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
