import type { ReactNode } from 'react';
import { FilmListLink } from './film-list-link';
import type { FilmFacets as Facets } from '@/lib/reader/list-published-films';
import { FILM_SORTS, NO_FILTER, SORT_LABELS, listPageHref, type FilmFilter } from '@/lib/reader/film-filter';
import { countryName } from '@/lib/page/parts/facts';
import styles from './home-view.module.css';

const decadeOf = (year: number) => Math.floor(year / 10) * 10;
const genreLabel = (genre: string) => genre.charAt(0).toLocaleUpperCase('en') + genre.slice(1);

/**
 * Browse by genre, by year (grouped by decade) and by country, each with how many films it holds
 * under the other filters: plain links to the filtered list (document loads, see FilmListLink), so
 * they work without JavaScript. Every link keeps the other filters and the order.
 */
export function FilmFacets({ facets, filter }: { facets: Facets; filter: FilmFilter }) {
  if (facets.genres.length === 0 && facets.years.length === 0 && facets.countries.length === 0) return null;
  const decades = new Map<number, Facets['years']>();
  for (const entry of facets.years) decades.set(decadeOf(entry.year), [...(decades.get(decadeOf(entry.year)) ?? []), entry]);
  return (
    <nav className={styles.facets} aria-label="Browse films" data-film-facets="">
      {facets.genres.length > 0 ? (
        <FacetGroup heading="Genre">
          {facets.genres.map(({ genre, count }) => (
            <FacetLink key={genre} facet="genre" value={genre} count={count} filter={filter}>
              {genreLabel(genre)}
            </FacetLink>
          ))}
        </FacetGroup>
      ) : null}
      {decades.size > 0 ? (
        <FacetGroup heading="Year">
          {[...decades].map(([decade, years]) => (
            <li key={decade} className={styles.decade}>
              <span className={styles.decadeLabel}>
                {decade}s <span className={styles.facetCount}>{years.reduce((sum, y) => sum + y.count, 0)}</span>
              </span>
              <ul className={styles.facetList}>
                {years.map(({ year, count }) => (
                  <FacetLink key={year} facet="year" value={year} count={count} filter={filter}>
                    {year}
                  </FacetLink>
                ))}
              </ul>
            </li>
          ))}
        </FacetGroup>
      ) : null}
      {facets.countries.length > 0 ? (
        <FacetGroup heading="Country">
          {facets.countries.map(({ country, count }) => (
            <FacetLink key={country} facet="country" value={country} count={count} filter={filter}>
              {countryName(country)}
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
  children,
}: {
  facet: F;
  value: NonNullable<FilmFilter[F]>;
  count: number;
  filter: FilmFilter;
  children: ReactNode;
}) {
  const chosen = filter[facet] === value;
  return (
    <li>
      <FilmListLink
        href={listPageHref(1, { ...filter, [facet]: chosen ? null : value })}
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
export function ActiveFilters({ filter }: { filter: FilmFilter }) {
  const chosen = [
    filter.genre !== null && { key: 'genre', label: genreLabel(filter.genre), what: 'genre', without: { ...filter, genre: null } },
    filter.year !== null && { key: 'year', label: String(filter.year), what: 'year', without: { ...filter, year: null } },
    filter.country !== null && {
      key: 'country',
      label: countryName(filter.country),
      what: 'country',
      without: { ...filter, country: null },
    },
  ].filter((entry) => entry !== false);
  if (chosen.length === 0) return null;
  return (
    <nav className={styles.active} aria-label="Chosen filters" data-active-filters="">
      <span className={styles.facetHeading}>Showing</span>
      <ul className={styles.facetList}>
        {chosen.map(({ key, label, what, without }) => (
          <li key={key}>
            <FilmListLink href={listPageHref(1, without)} className={styles.remove} data-remove-filter={key}>
              {label} <span aria-hidden="true">✕</span>
              <span className="visually-hidden"> (remove this {what} filter)</span>
            </FilmListLink>
          </li>
        ))}
        {chosen.length > 1 ? (
          <li>
            <FilmListLink href={listPageHref(1, { ...NO_FILTER, sort: filter.sort })} className={styles.clear}>
              Clear all filters
            </FilmListLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The list's orders as plain links (first page, the filters kept); the current one is marked. */
export function FilmSortLinks({ filter }: { filter: FilmFilter }) {
  return (
    <nav className={styles.sort} aria-label="Sort films">
      <span className={styles.facetHeading}>Sort by</span>
      <ul className={styles.facetList}>
        {FILM_SORTS.map((sort) => (
          <li key={sort}>
            <FilmListLink
              href={listPageHref(1, { ...filter, sort })}
              aria-current={filter.sort === sort ? 'true' : undefined}
              data-sort={sort}
            >
              {SORT_LABELS[sort]}
            </FilmListLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
