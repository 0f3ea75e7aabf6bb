import Link from 'next/link';
import type { ReactNode } from 'react';
import type { PersonRef } from '@/lib/content/schema';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import { countryName, factsPart } from '@/lib/page/parts/facts';
import {
  countryHref,
  formatFactDate,
  formatRuntime,
  genreHref,
  imdbUrl,
  languageNames,
  wikidataUrl,
  yearHref,
} from '@/lib/content/facts-text';
import { FilmListLink } from '../film-list-link';
import styles from './facts-box.module.css';
import { personPath } from '@/lib/reader/reader-address.mjs';

function People({ people }: { people: PersonRef[] }) {
  return people.map((person, i) => (
    <span key={person.slug}>
      {i > 0 && ', '}
      <Link href={personPath(person.slug)}>{person.name}</Link>
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
export function FactsBox({ film }: { film: VisibleFilm }) {
  const { facts } = film;
  if (!showsFacts(film)) return null;
  const rows: Array<[string, ReactNode]> = [];
  if (facts.releaseDate) rows.push(['Released', formatFactDate(facts.releaseDate)]);
  else if (film.releaseYear !== null)
    rows.push([
      'Released',
      <FilmListLink key="y" href={yearHref(film.releaseYear)}>
        {film.releaseYear}
      </FilmListLink>,
    ]);
  if (facts.runtimeMinutes !== null) rows.push(['Running time', formatRuntime(facts.runtimeMinutes)]);
  if (facts.directors.length > 0)
    rows.push([facts.directors.length > 1 ? 'Directors' : 'Director', <People key="d" people={facts.directors} />]);
  if (facts.writers.length > 0) rows.push([facts.writers.length > 1 ? 'Writers' : 'Writer', <People key="w" people={facts.writers} />]);
  if (facts.genres.length > 0)
    rows.push([
      facts.genres.length > 1 ? 'Genres' : 'Genre',
      joined(
        facts.genres.map((g) => (
          <FilmListLink key={g} href={genreHref(g)}>
            {g}
          </FilmListLink>
        )),
      ),
    ]);
  if (facts.countries.length > 0)
    rows.push([
      facts.countries.length > 1 ? 'Countries' : 'Country',
      joined(
        facts.countries.map((code) => (
          <FilmListLink key={code} href={countryHref(code)}>
            {countryName(code)}
          </FilmListLink>
        )),
      ),
    ]);
  if (facts.languages.length > 0) rows.push([facts.languages.length > 1 ? 'Languages' : 'Language', languageNames(facts).join(', ')]);
  if (facts.ageRatings.length > 0) rows.push(['Age rating', joined(facts.ageRatings)]);
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
  if (links.length > 0) rows.push(['Elsewhere', joined(links)]);
  return (
    // Captioned, not headed: the page's h2s are the seed page's section headings. A named section,
    // not an <aside>: it sits inside the premise's section, and a complementary landmark inside
    // another landmark is an axe violation (landmark-complementary-is-top-level).
    <section id="facts" className={styles.box} aria-label={`Facts about ${film.title}`}>
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
