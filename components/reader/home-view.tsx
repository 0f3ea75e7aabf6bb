import { FilmListLink } from './film-list-link';
import type { FilmFacets as Facets, FilmSummary } from '@/lib/reader/list-published-films';
import { ActiveFilters, FilmFacets, FilmSortLinks } from './film-facets';
import { FilmList } from './film-list';
import { SearchForm } from './search-form';
import {
  DEFAULT_SORT,
  NO_FILTER,
  filterWords,
  isFiltered,
  listPageHref,
  type FilmFilter,
  type FilterProblem,
} from '@/lib/reader/film-filter';
import styles from './home-view.module.css';

/** The home page (page 1 of the film list), the older pages, /page/2 …, and filtered lists: the same view. */
export function HomeView({
  films,
  page,
  pages,
  facets,
  filter = NO_FILTER,
  problem,
}: {
  films: FilmSummary[];
  page: number;
  pages: number;
  /** Genre, year and country counts to narrow the list by. */
  facets?: Facets;
  filter?: FilmFilter;
  /** A filter the list could not use (`/?year=abcd`): said above the chips, the list unfiltered. */
  problem?: FilterProblem;
}) {
  const pageHref = (n: number) => listPageHref(n, filter);
  const filtered = isFiltered(filter);
  const what = filterWords(filter);
  const newestFirst = filter.sort === DEFAULT_SORT;
  return (
    <main id="main" className={styles.page}>
      <section className={styles.intro} aria-labelledby="home-heading">
        <h1 id="home-heading" className={styles.title}>
          Films, explained in layers
        </h1>
        <p className={styles.lede}>
          Start with a premise that gives nothing away. Reveal the key turns, or the whole story, only when you choose to.
        </p>
        <SearchForm id="home-search" label="Search films and people" size="large" />
      </section>
      <section aria-labelledby="films-heading">
        <h2 id="films-heading" className={styles.heading}>
          {filtered
            ? `Films: ${what}${page > 1 ? `, page ${page} of ${pages}` : ''}`
            : page === 1
              ? newestFirst
                ? 'Latest films'
                : 'Films'
              : `Films, page ${page} of ${pages}`}
        </h2>
        {problem ? (
          <p role="alert" className={styles.filterProblem} data-filter-problem={problem.field}>
            {problem.message} Showing all films.
          </p>
        ) : null}
        {/* One way to filter: the chips, with counts; what is chosen stays shown, each removable. */}
        <ActiveFilters filter={filter} />
        {facets ? <FilmFacets facets={facets} filter={filter} /> : null}
        <FilmSortLinks filter={filter} />
        {filtered && films.length === 0 ? (
          <div className={styles.noMatch} data-no-match="">
            <p>No films match {what}.</p>
            <p>
              Remove a filter above, or{' '}
              <FilmListLink href={listPageHref(1, { ...NO_FILTER, sort: filter.sort })}>see all films</FilmListLink>.
            </p>
          </div>
        ) : (
          <FilmList films={films} />
        )}
        {pages > 1 ? (
          <nav className={styles.pager} aria-label="Pages of films">
            {page > 1 ? (
              <FilmListLink href={pageHref(page - 1)} rel="prev">
                {newestFirst ? 'Newer films' : 'Previous page'}
              </FilmListLink>
            ) : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <FilmListLink href={pageHref(page + 1)} rel="next">
                {newestFirst ? 'Older films' : 'Next page'}
              </FilmListLink>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  );
}
