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
import { readerText } from '@/lib/i18n/reader-text';
import { buildAddress, listPath } from '@/lib/reader/reader-address.mjs';
import { defaultLocale, translationLocales } from '@/lib/i18n/site-locales';
import { LanguageLinks } from './language-links';
import styles from './home-view.module.css';

/**
 * The home page (page 1 of the film list), the older pages, /page/2 …, and filtered lists: the same
 * view. With `locale`, the list in a translation's language (`/fr`, `/fr/page/2`): the films
 * published in it, newest first, without the filters (their genre and country names are the page's
 * language's).
 */
export function HomeView({
  films,
  page,
  pages,
  facets,
  filter = NO_FILTER,
  problem,
  locale,
}: {
  films: FilmSummary[];
  page: number;
  pages: number;
  /** Genre, year and country counts to narrow the list by. */
  facets?: Facets;
  filter?: FilmFilter;
  /** A filter the list could not use (`/?year=abcd`): said above the chips, the list unfiltered. */
  problem?: FilterProblem;
  locale?: string;
}) {
  const t = readerText(locale);
  const pageHref = (n: number) => (locale ? buildAddress({ kind: 'list', page: n, locale }) : listPageHref(n, filter));
  const filtered = isFiltered(filter);
  const what = filterWords(filter);
  const newestFirst = filter.sort === DEFAULT_SORT;
  return (
    <main id="main" className={styles.page}>
      <section className={styles.intro} aria-labelledby="home-heading">
        <h1 id="home-heading" className={styles.title}>
          {t('list.title')}
        </h1>
        <p className={styles.lede}>{t('list.lede')}</p>
        <SearchForm id="home-search" label={t('list.searchLabel')} size="large" locale={locale} />
        {page === 1 && !isFiltered(filter) ? (
          <LanguageLinks languages={{ locale, site: defaultLocale(), translations: translationLocales() }} hrefIn={listPath} />
        ) : null}
      </section>
      <section aria-labelledby="films-heading">
        <h2 id="films-heading" className={styles.heading}>
          {filtered
            ? `Films: ${what}${page > 1 ? `, page ${page} of ${pages}` : ''}`
            : page === 1
              ? newestFirst
                ? t('list.latest')
                : t('list.films')
              : t('list.filmsPage', { page, pages })}
        </h2>
        {problem ? (
          <p role="alert" className={styles.filterProblem} data-filter-problem={problem.field}>
            {problem.message} Showing all films.
          </p>
        ) : null}
        {/* One way to filter: the chips, with counts; what is chosen stays shown, each removable. */}
        <ActiveFilters filter={filter} />
        {facets && !locale ? <FilmFacets facets={facets} filter={filter} /> : null}
        {locale ? null : <FilmSortLinks filter={filter} />}
        {filtered && films.length === 0 ? (
          <div className={styles.noMatch} data-no-match="">
            <p>No films match {what}.</p>
            <p>
              Remove a filter above, or{' '}
              <FilmListLink href={listPageHref(1, { ...NO_FILTER, sort: filter.sort })}>see all films</FilmListLink>.
            </p>
          </div>
        ) : (
          <FilmList films={films} locale={locale} emptyText={t('list.empty')} />
        )}
        {pages > 1 ? (
          <nav className={styles.pager} aria-label={t('list.pages')}>
            {page > 1 ? (
              <FilmListLink href={pageHref(page - 1)} rel="prev">
                {newestFirst ? t('list.newer') : t('list.previous')}
              </FilmListLink>
            ) : null}
            <span>{t('list.pageOf', { page, pages })}</span>
            {page < pages ? (
              <FilmListLink href={pageHref(page + 1)} rel="next">
                {newestFirst ? t('list.older') : t('list.next')}
              </FilmListLink>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  );
}
