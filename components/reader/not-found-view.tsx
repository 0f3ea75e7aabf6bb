import Link from 'next/link';
import { SearchForm } from './search-form';
import styles from './not-found-view.module.css';

/**
 * A helpful 404: what was not found, a search box and the way back. No data fetching here: Next
 * sends a segment's not-found UI along with every page under it. `lang`: its words' language, where
 * the document is in another (a translation's pages).
 */
export function NotFoundView({ what, hint, lang }: { what: string; hint: string; lang?: string }) {
  return (
    <main id="main" className={styles.main} lang={lang}>
      <title>{`${what} not found · Film pages`}</title>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{what} not found</h1>
      <p className={styles.hint}>{hint}</p>
      <div className={styles.search}>
        <SearchForm id="not-found-search" label="Search films and people" size="large" />
      </div>
      <ul className={styles.links}>
        <li>
          <Link href="/">Browse all films</Link>
        </li>
        <li>
          <Link href="/search">Search the site</Link>
        </li>
      </ul>
    </main>
  );
}
