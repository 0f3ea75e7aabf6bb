import Link from 'next/link';
import { DEFAULT_SORT, isFiltered, type FilmFilter, type FilterProblem } from '@/lib/reader/film-filter';
import styles from './home-view.module.css';

/**
 * Genre and year filters of the film list: a plain GET form, so it works without JavaScript. The
 * country (chosen by its facet) and the order go along unchanged.
 */
export function FilmFilterForm({ filter, problem }: { filter: FilmFilter; problem?: FilterProblem }) {
  const invalid = (field: FilterProblem['field']) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': 'filter-problem' } : {};
  return (
    <form className={styles.filters} action="/" method="get" role="search" aria-label="Filter films">
      {problem ? (
        <p id="filter-problem" role="alert" className={styles.filterProblem}>
          {problem.message} Showing all films.
        </p>
      ) : null}
      <label>
        Genre <input name="genre" defaultValue={filter.genre ?? ''} placeholder="e.g. drama" maxLength={60} {...invalid('genre')} />
      </label>
      <label>
        Year{' '}
        <input
          name="year"
          defaultValue={filter.year ?? ''}
          placeholder="e.g. 2017"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          size={5}
          {...invalid('year')}
        />
      </label>
      {filter.country !== null ? <input type="hidden" name="country" value={filter.country} /> : null}
      {filter.sort !== DEFAULT_SORT ? <input type="hidden" name="sort" value={filter.sort} /> : null}
      <button type="submit">Filter</button>
      {isFiltered(filter) ? <Link href="/">Clear filters</Link> : null}
    </form>
  );
}
