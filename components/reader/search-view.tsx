import type { SearchHit } from '@/lib/reader/search-films';
import { setLevelHref } from '@/lib/reader/reader-level';
import { SPOILER_LABELS, type SpoilerLevel } from '@/lib/spoilers/levels';
import { plural } from '@/lib/content/derive';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
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
  levelFromQuery,
}: {
  query: string;
  level: SpoilerLevel;
  hits: SearchHit[];
  /** Nothing matched the query as typed; the hits are for this correction. */
  correctedTo?: string | null;
  levelFromQuery: boolean;
}) {
  const here = `/search${query ? `?${new URLSearchParams({ q: query })}` : ''}`;
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
          <a href={`/search?${new URLSearchParams({ q: correctedTo, ...(levelFromQuery ? { spoilers: level } : {}) })}`}>{correctedTo}</a>?
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
      <SearchResults hits={hits} linkSuffix={levelFromQuery ? `?spoilers=${level}` : ''} />
    </main>
  );
}
