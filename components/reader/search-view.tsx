import Link from 'next/link';
import type { SearchHit } from '@/lib/reader/search-films';
import type { SearchSuggestion } from '@/lib/reader/suggest-search';
import { setLevelHref } from '@/lib/reader/reader-level';
import { buildAddress } from '@/lib/reader/reader-address.mjs';
import { SPOILER_LABELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { plural } from '@/lib/content/derive';
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
}: {
  query: string;
  level: SpoilerLevel;
  hits: SearchHit[];
  /** Nothing matched the query as typed; the hits are for this correction. */
  correctedTo?: string | null;
  /** Nothing matched: films and people named like the query, at the reader's level. */
  near?: SearchSuggestion[];
  levelFromQuery: boolean;
}) {
  const here = buildAddress({ kind: 'search', query });
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>{query ? `Results for “${query}”` : 'Search'}</h1>
      <div className={styles.form}>
        <SearchForm id="search-page-q" label="Search films and people" defaultValue={query} size="large" autoFocus={!query} />
      </div>
      <div className={styles.control}>
        <SpoilerControl level={level} hrefForLevel={(l) => setLevelHref(l, here)} />
      </div>
      {query && correctedTo && (
        <p className={styles.count} data-did-you-mean="">
          Did you mean{' '}
          <a href={buildAddress({ kind: 'search', query: correctedTo, spoilers: levelFromQuery ? level : undefined })}>{correctedTo}</a>?
          Nothing matches “{query}”, so these are the results for “{correctedTo}”.
        </p>
      )}
      {query && (
        <p className={styles.count} role="status">
          {hits.length > 0
            ? `${plural(hits.length, 'result')} at ${SPOILER_LABELS[level].toLowerCase()}.`
            : `Nothing matches “${query}” at ${SPOILER_LABELS[level].toLowerCase()}. Try other words, or fewer.`}
        </p>
      )}
      {!query && (
        <p className={styles.count}>
          Search titles, people, characters, places, events and themes. Only content at your spoiler level is searched.
        </p>
      )}
      {query && hits.length === 0 ? (
        <div className={styles.noResults} data-no-results="">
          {near.length > 0 ? (
            <>
              <h2 className={styles.noResultsHeading}>Names close to “{query}”</h2>
              <ul className={styles.near} data-near-titles="">
                {near.map((s) => (
                  <li key={`${s.kind}:${s.href}`}>
                    <a href={pinned(s.href, levelFromQuery ? level : undefined)}>{s.label}</a>{' '}
                    <span className={styles.nearKind}>{s.kind === 'film' ? 'Film' : 'Person'}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h2 className={styles.noResultsHeading}>Or browse</h2>
          <ul className={styles.browse}>
            <li>
              <Link href="/">All films</Link>, by genre, year or country
            </li>
            <li>
              <Link href="/people">Everyone in them</Link>
            </li>
          </ul>
        </div>
      ) : null}
      <SearchResults hits={hits} pinnedLevel={levelFromQuery ? level : undefined} />
    </main>
  );
}
