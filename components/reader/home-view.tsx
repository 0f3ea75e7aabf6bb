import { FilmListLink } from './film-list-link';
import type { FilmFacets as Facets, FilmSummary } from '@/lib/reader/list-published-films';
import { ActiveFilters, FilmFacets, FilmSortLinks } from './film-facets';
import { FilmList } from './film-list';
import { SearchForm } from './search-form';
import { DEFAULT_SORT, NO_FILTER, isFiltered, listPageHref, type FilmFilter, type FilterProblem } from '@/lib/reader/film-filter';
import { filterText, readerText } from '@/lib/i18n/reader-text';
import { defaultLocale, pageLanguages } from '@/lib/i18n/site-locales';
import { LanguageLinks } from './language-links';
import { sentenceWith } from './sentence-with';
import styles from './home-view.module.css';

/**
 * The home page (page 1 of the film list), the older pages, /page/2 …, and filtered lists: the same
 * view. With `locale`, the list in a translation's language (`/fr`, `/fr/page/2`, `/fr?year=2017`):
 * the films published in it, its words in that language (genres are the films' facts, as written).
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
  const words = filterText(locale);
  const pageHref = (n: number) => listPageHref(n, filter, locale);
  /** Every film in this order (no filter), in `language`'s list. */
  const sortedList = (language?: string) => listPageHref(1, { ...NO_FILTER, sort: filter.sort }, language);
  const filtered = isFiltered(filter);
  const what = words.words(filter);
  // In a translation's language the genre is the films' fact as written (the pages' language): marked inside the sentence.
  const genreMarked = locale !== undefined && filter.genre !== null;
  const withWhat = (sentence: (what: string) => string) => {
    if (!genreMarked) return sentence(what);
    const rest = words.words({ ...filter, genre: null });
    return sentenceWith(
      sentence,
      <>
        <span lang={defaultLocale()}>{filter.genre}</span>
        {rest ? `, ${rest}` : ''}
      </>,
    );
  };
  const newestFirst = filter.sort === DEFAULT_SORT;
  return (
    <main id="main" className={styles.page}>
      <section className={styles.intro} aria-labelledby="home-heading">
        <h1 id="home-heading" className={styles.title}>
          {t('list.title')}
        </h1>
        <p className={styles.lede}>{t('list.lede')}</p>
        <SearchForm id="home-search" label={t('list.searchLabel')} size="large" locale={locale} />
      </section>
      <section aria-labelledby="films-heading">
        {/* The list in its other languages beside its heading: no line of its own above the first films. */}
        <div className={styles.headingRow}>
          <h2 id="films-heading" className={styles.heading}>
            {filtered
              ? withWhat((text) => words.filtered(text, page, pages))
              : page === 1
                ? newestFirst
                  ? t('list.latest')
                  : t('list.films')
                : t('list.filmsPage', { page, pages })}
          </h2>
          {page === 1 && !filtered ? (
            // The same list in another language, in the same order.
            <LanguageLinks languages={pageLanguages(locale)} hrefIn={sortedList} />
          ) : null}
        </div>
        {problem ? (
          <p role="alert" className={styles.filterProblem} data-filter-problem={problem.field}>
            {words.problem(problem.field)} {words.showingAll}
          </p>
        ) : null}
        {/* One way to filter: the chips, with counts; what is chosen stays shown, each removable. */}
        <ActiveFilters filter={filter} locale={locale} />
        {facets ? <FilmFacets facets={facets} filter={filter} locale={locale} /> : null}
        <FilmSortLinks filter={filter} locale={locale} />
        {filtered && films.length === 0 ? (
          <div className={styles.noMatch} data-no-match="">
            <p>{withWhat(words.noMatch)}</p>
            <p>
              {words.noMatchHint} <FilmListLink href={sortedList(locale)}>{words.seeAll}</FilmListLink>.
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
