import type { ReactNode } from 'react';
import { FilmListLink } from './film-list-link';
import type { FilmFacets as Facets } from '@/lib/reader/list-published-films';
import { FILM_SORTS, NO_FILTER, listPageHref, type FilmFilter } from '@/lib/reader/film-filter';
import { filterText } from '@/lib/i18n/reader-text';
import { defaultLocale } from '@/lib/i18n/site-locales';
import { regionName } from '@/lib/i18n/locale-name';
import styles from './home-view.module.css';

const decadeOf = (year: number) => Math.floor(year / 10) * 10;
const genreLabel = (genre: string) => genre.charAt(0).toLocaleUpperCase('en') + genre.slice(1);
/** A genre is the films' fact as written, in the pages' own language: marked so on a translation's list. */
const genreName = (genre: string, locale: string | undefined) =>
  locale ? <span lang={defaultLocale()}>{genreLabel(genre)}</span> : genreLabel(genre);

/**
 * Browse by genre, by year (grouped by decade) and by country, each with how many films it holds
 * under the other filters: plain links to the filtered list (document loads, see FilmListLink), so
 * they work without JavaScript. Every link keeps the other filters and the order.
 */
export function FilmFacets({ facets, filter, locale }: { facets: Facets; filter: FilmFilter; locale?: string }) {
  const text = filterText(locale);
  if (facets.genres.length === 0 && facets.years.length === 0 && facets.countries.length === 0) return null;
  const decades = new Map<number, Facets['years']>();
  for (const entry of facets.years) decades.set(decadeOf(entry.year), [...(decades.get(decadeOf(entry.year)) ?? []), entry]);
  return (
    <nav className={styles.facets} aria-label={text.browse} data-film-facets="">
      {facets.genres.length > 0 ? (
        <FacetGroup heading={text.facet.genre}>
          {facets.genres.map(({ genre, count }) => (
            <FacetLink key={genre} facet="genre" value={genre} count={count} filter={filter} locale={locale}>
              {genreName(genre, locale)}
            </FacetLink>
          ))}
        </FacetGroup>
      ) : null}
      {decades.size > 0 ? (
        <FacetGroup heading={text.facet.year}>
          {[...decades].map(([decade, years]) => (
            <li key={decade} className={styles.decade}>
              <span className={styles.decadeLabel}>
                {text.decade(decade)} <span className={styles.facetCount}>{years.reduce((sum, y) => sum + y.count, 0)}</span>
              </span>
              <ul className={styles.facetList}>
                {years.map(({ year, count }) => (
                  <FacetLink key={year} facet="year" value={year} count={count} filter={filter} locale={locale}>
                    {year}
                  </FacetLink>
                ))}
              </ul>
            </li>
          ))}
        </FacetGroup>
      ) : null}
      {facets.countries.length > 0 ? (
        <FacetGroup heading={text.facet.country}>
          {facets.countries.map(({ country, count }) => (
            <FacetLink key={country} facet="country" value={country} count={count} filter={filter} locale={locale}>
              {regionName(country, locale)}
            </FacetLink>
          ))}
        </FacetGroup>
      ) : null}
    </nav>
  );
}

function FacetGroup({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h3 className={styles.facetHeading}>{heading}</h3>
      <ul className={styles.facetList}>{children}</ul>
    </div>
  );
}

/** One value of a facet with its count: picks it (from page 1), or takes it off when it is the one in use. */
function FacetLink<F extends 'genre' | 'year' | 'country'>({
  facet,
  value,
  count,
  filter,
  locale,
  children,
}: {
  facet: F;
  value: NonNullable<FilmFilter[F]>;
  count: number;
  filter: FilmFilter;
  locale: string | undefined;
  children: ReactNode;
}) {
  const chosen = filter[facet] === value;
  return (
    <li>
      <FilmListLink
        href={listPageHref(1, { ...filter, [facet]: chosen ? null : value }, locale)}
        aria-current={chosen ? 'true' : undefined}
        data-facet={facet}
      >
        {children} <span className={styles.facetCount}>{count}</span>
      </FilmListLink>
    </li>
  );
}

/**
 * The filters in use, each a chip that takes it off, and one that takes them all off: shown
 * whenever the list is filtered, so a filter that leaves no film (its facets then count nothing)
 * can still be undone where it was chosen.
 */
export function ActiveFilters({ filter, locale }: { filter: FilmFilter; locale?: string }) {
  const text = filterText(locale);
  const chosen = [
    filter.genre !== null && {
      key: 'genre',
      label: genreName(filter.genre, locale),
      what: 'genre' as const,
      without: { ...filter, genre: null },
    },
    filter.year !== null && { key: 'year', label: String(filter.year), what: 'year' as const, without: { ...filter, year: null } },
    filter.country !== null && {
      key: 'country',
      label: regionName(filter.country, locale),
      what: 'country' as const,
      without: { ...filter, country: null },
    },
  ].filter((entry) => entry !== false);
  if (chosen.length === 0) return null;
  return (
    <nav className={styles.active} aria-label={text.chosen} data-active-filters="">
      <span className={styles.facetHeading}>{text.showing}</span>
      <ul className={styles.facetList}>
        {chosen.map(({ key, label, what, without }) => (
          <li key={key}>
            <FilmListLink href={listPageHref(1, without, locale)} className={styles.remove} data-remove-filter={key}>
              {label} <span aria-hidden="true">✕</span>
              <span className="visually-hidden">{text.remove(what)}</span>
            </FilmListLink>
          </li>
        ))}
        {chosen.length > 1 ? (
          <li>
            <FilmListLink href={listPageHref(1, { ...NO_FILTER, sort: filter.sort }, locale)} className={styles.clear}>
              {text.clearAll}
            </FilmListLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The list's orders as plain links (first page, the filters kept); the current one is marked. */
export function FilmSortLinks({ filter, locale }: { filter: FilmFilter; locale?: string }) {
  const text = filterText(locale);
  return (
    <nav className={styles.sort} aria-label={text.sortFilms}>
      <span className={styles.facetHeading}>{text.sortBy}</span>
      <ul className={styles.facetList}>
        {FILM_SORTS.map((sort) => (
          <li key={sort}>
            <FilmListLink
              href={listPageHref(1, { ...filter, sort }, locale)}
              aria-current={filter.sort === sort ? 'true' : undefined}
              data-sort={sort}
            >
              {text.sort(sort)}
            </FilmListLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
