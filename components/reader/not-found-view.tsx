import Link from 'next/link';
import { readerText } from '@/lib/i18n/reader-text';
import { listPath, searchPath } from '@/lib/reader/reader-address.mjs';
import type { MissingSection } from '@/lib/reader/missing-page';
import { SearchForm } from './search-form';
import styles from './not-found-view.module.css';

/**
 * A helpful 404: what was not found, a search box and the way back, in the page's language
 * (`locale`, absent: the site's own). No data fetching here: Next sends a segment's not-found UI
 * along with every page under it.
 */
export function NotFoundView({ section, locale, titled = true }: { section: MissingSection; locale?: string; titled?: boolean }) {
  const t = readerText(locale);
  const title = t(`missing.${section}.title`);
  return (
    <main id="main" className={styles.main}>
      {/* A page's own metadata may give the document its title instead (`titled={false}`). */}
      {titled ? <title>{`${title} · ${t('site.brand')}`}</title> : null}
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.hint}>{t(`missing.${section}.hint`)}</p>
      <div className={styles.search}>
        <SearchForm id="not-found-search" label={t('search.label')} size="large" locale={locale} />
      </div>
      <ul className={styles.links}>
        <li>
          <Link href={listPath(locale)}>{t('missing.browse')}</Link>
        </li>
        <li>
          <Link href={searchPath(locale)}>{t('site.searchSite')}</Link>
        </li>
      </ul>
    </main>
  );
}
