import Link from 'next/link';
import { SearchForm } from './search-form';
import styles from './site-header.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.brand}>
          Film pages
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <Link href="/">Films</Link>
          <Link href="/people">People</Link>
          <Link href="/search">Search</Link>
        </nav>
        <div className={styles.search}>
          <SearchForm id="site-search" label="Search the site" />
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>Films explained in layers, from a spoiler-free premise to the full story. You choose how much to reveal.</p>
        <nav aria-label="Site">
          <Link href="/">All films</Link> · <Link href="/search">Search</Link>
        </nav>
      </div>
    </footer>
  );
}
