import Link from 'next/link';
import { readerText } from '@/lib/i18n/reader-text';
import { listPath, peoplePath, searchPath } from '@/lib/reader/reader-address.mjs';
import { SearchForm } from './search-form';
import styles from './site-header.module.css';

/** The reader site's header, in the page's language (`locale`, absent: the site's own). */
export function SiteHeader({ locale }: { locale?: string }) {
  const t = readerText(locale);
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href={listPath(locale)} className={styles.brand}>
          {t('site.brand')}
        </Link>
        <nav aria-label={t('site.mainNav')} className={styles.nav}>
          <Link href={listPath(locale)}>{t('site.films')}</Link>
          <Link href={peoplePath(locale)}>{t('site.people')}</Link>
          <Link href={searchPath(locale)}>{t('site.search')}</Link>
        </nav>
        <div className={styles.search}>
          <SearchForm id="site-search" label={t('site.searchSite')} locale={locale} />
        </div>
      </div>
    </header>
  );
}

export function SiteFooter({ locale }: { locale?: string }) {
  const t = readerText(locale);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p>{t('site.about')}</p>
        <nav aria-label={t('site.siteNav')}>
          <Link href={listPath(locale)}>{t('site.allFilms')}</Link> · <Link href={searchPath(locale)}>{t('site.search')}</Link>
        </nav>
      </div>
    </footer>
  );
}
