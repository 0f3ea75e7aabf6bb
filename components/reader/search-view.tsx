import Link from 'next/link';
import type { SearchHit } from '@/lib/reader/search-films';
import type { SearchSuggestion } from '@/lib/reader/suggest-search';
import { setLevelHref } from '@/lib/reader/reader-level';
import { buildAddress, listPath, peoplePath } from '@/lib/reader/reader-address.mjs';
import type { SpoilerLevel } from '@/lib/spoilers/levels';
import { readerText } from '@/lib/i18n/reader-text';
import { SearchForm } from './search-form';
import { SearchResults, pinned } from './search-results';
import { SpoilerControl } from './spoiler-control';
import styles from './search-view.module.css';

/**
 * The search page. Results come only from content at the reader's level; when nothing matches it
 * says so without hinting whether higher levels would match (that would itself be a spoiler).
 */
export function SearchView({
  query,
  level,
  hits,
  correctedTo = null,
  near = [],
  levelFromQuery,
  locale,
}: {
  /** A translation's language (its documents were searched); absent, the site's own. */
  locale?: string;
  query: string;
  level: SpoilerLevel;
  hits: SearchHit[];
  /** Nothing matched the query as typed; the hits are for this correction. */
  correctedTo?: string | null;
  /** Nothing matched: films and people named like the query, at the reader's level. */
  near?: SearchSuggestion[];
  levelFromQuery: boolean;
}) {
  const t = readerText(locale);
  const levelName = t(`levels.name.${level}`).toLowerCase();
  const here = buildAddress({ kind: 'search', query, locale });
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{query ? t('search.resultsFor', { query }) : t('search.title')}</h1>
      <div className={styles.form}>
        <SearchForm id="search-page-q" label={t('search.label')} defaultValue={query} size="large" autoFocus={!query} locale={locale} />
      </div>
      <div className={styles.control}>
        <SpoilerControl level={level} hrefForLevel={(l) => setLevelHref(l, here)} locale={locale} />
      </div>
      {query && correctedTo && (
        <p className={styles.count} data-did-you-mean="">
          {t('search.didYouMean')}{' '}
          <a href={buildAddress({ kind: 'search', query: correctedTo, spoilers: levelFromQuery ? level : undefined, locale })}>
            {correctedTo}
          </a>
          {t('search.correctedTail', { query, corrected: correctedTo })}
        </p>
      )}
      {query && (
        <p className={styles.count} role="status">
          {hits.length > 0
            ? t('search.results', { count: hits.length, level: levelName })
            : t('search.nothing', { query, level: levelName })}
        </p>
      )}
      {!query && <p className={styles.count}>{t('search.intro')}</p>}
      {query && hits.length === 0 ? (
        <div className={styles.noResults} data-no-results="">
          {near.length > 0 ? (
            <>
              <h2 className={styles.noResultsHeading}>{t('search.near', { query })}</h2>
              <ul className={styles.near} data-near-titles="">
                {near.map((s) => (
                  <li key={`${s.kind}:${s.href}`}>
                    <a href={pinned(s.href, levelFromQuery ? level : undefined)}>{s.label}</a>{' '}
                    <span className={styles.nearKind}>{s.kind === 'film' ? t('search.film') : t('search.person')}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h2 className={styles.noResultsHeading}>{t('search.browse')}</h2>
          <ul className={styles.browse}>
            <li>
              <Link href={listPath(locale)}>{t('search.allFilms')}</Link>
              {t('search.allFilmsTail')}
            </li>
            <li>
              <Link href={peoplePath(locale)}>{t('search.everyone')}</Link>
            </li>
          </ul>
        </div>
      ) : null}
      <SearchResults hits={hits} pinnedLevel={levelFromQuery ? level : undefined} locale={locale} />
    </main>
  );
}
