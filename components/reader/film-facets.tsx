import { FilmListLink } from './film-list-link';
import type { FilmFacets as Facets } from '@/lib/reader/list-published-films';
import { FILM_SORTS, SORT_LABELS, listPageHref, type FilmFilter } from '@/lib/reader/film-filter';
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
        <div>
          <h3 className={styles.facetHeading}>Genre</h3>
          <ul className={styles.facetList}>
            {facets.genres.map(({ genre, count }) => (
              <li key={genre}>
                <FilmListLink
                  href={listPageHref(1, { ...filter, genre: filter.genre === genre ? null : genre })}
                  aria-current={filter.genre === genre ? 'true' : undefined}
                  data-facet="genre"
                >
                  {genreLabel(genre)} <span className={styles.facetCount}>{count}</span>
                </FilmListLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {decades.size > 0 ? (
        <div>
          <h3 className={styles.facetHeading}>Year</h3>
          <ul className={styles.facetList}>
            {[...decades].map(([decade, years]) => (
              <li key={decade} className={styles.decade}>
                <span className={styles.decadeLabel}>
                  {decade}s <span className={styles.facetCount}>{years.reduce((sum, y) => sum + y.count, 0)}</span>
                </span>
                <ul className={styles.facetList}>
                  {years.map(({ year, count }) => (
                    <li key={year}>
                      <FilmListLink
                        href={listPageHref(1, { ...filter, year: filter.year === year ? null : year })}
                        aria-current={filter.year === year ? 'true' : undefined}
                        data-facet="year"
                      >
                        {year} <span className={styles.facetCount}>{count}</span>
                      </FilmListLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {facets.countries.length > 0 ? (
        <div>
          <h3 className={styles.facetHeading}>Country</h3>
          <ul className={styles.facetList}>
            {facets.countries.map(({ country, count }) => (
              <li key={country}>
                <FilmListLink
                  href={listPageHref(1, { ...filter, country: filter.country === country ? null : country })}
                  aria-current={filter.country === country ? 'true' : undefined}
                  data-facet="country"
                >
                  {countryName(country)} <span className={styles.facetCount}>{count}</span>
                </FilmListLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
