import Link from 'next/link';
import type { FilmSummary } from '@/lib/reader/list-films';
import { FilmList } from './film-list';
import { SearchForm } from './search-form';
import styles from './home-view.module.css';

/** Where page `n` of the film list lives: `/` for the first. */
const pageHref = (n: number) => (n <= 1 ? '/' : `/page/${n}`);

/** The home page (page 1 of the film list) and the older pages, /page/2 …: the same view. */
export function HomeView({ films, page, pages }: { films: FilmSummary[]; page: number; pages: number }) {
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
          {page === 1 ? 'Latest films' : `Films, page ${page} of ${pages}`}
        </h2>
        <FilmList films={films} />
        {pages > 1 ? (
          <nav className={styles.pager} aria-label="Pages of films">
            {page > 1 ? (
              <Link href={pageHref(page - 1)} rel="prev">
                Newer films
              </Link>
            ) : null}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <Link href={pageHref(page + 1)} rel="next">
                Older films
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  );
}
