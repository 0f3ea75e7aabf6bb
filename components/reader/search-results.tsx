import { Fragment } from 'react';
import Link from 'next/link';
import type { SearchHit } from '@/lib/reader/search-films';
import { hitHref } from '@/lib/reader/search-films';
import { SEARCH_KINDS } from '@/lib/page/search-documents';
import { partWords } from '@/lib/i18n/reader-text';
import { buildAddress, parseAddress } from '@/lib/reader/reader-address.mjs';
import type { SpoilerLevel } from '@/lib/spoilers/levels';
import { SpoilerBadge } from './spoiler-badge';
import styles from './search-results.module.css';

/** A hit's kind names the item itself (an event's title) or a section of a film ("Kind of film"). */
const hitTitle = (hit: SearchHit, locale?: string) =>
  SEARCH_KINDS[hit.kind].named ? hit.title : `${hit.film.title}: ${partWords(locale).searchKind(hit.kind).toLowerCase()}`;

/** A film address with the search's `?spoilers=` override carried over (before the #anchor); other addresses as they are. */
export function pinned(href: string, level: SpoilerLevel | undefined): string {
  const [path, anchor] = href.split('#');
  const address = parseAddress(path);
  if (!level || address?.kind !== 'film') return href;
  return `${buildAddress({ ...address, spoilers: level })}${anchor ? `#${anchor}` : ''}`;
}

/** Search hits with their snippets (one quote per field, a separator between fields); matched words are <mark>ed, everything is plain text. */
export function SearchResults({ hits, pinnedLevel, locale }: { hits: SearchHit[]; pinnedLevel?: SpoilerLevel; locale?: string }) {
  return (
    <ol className={styles.results}>
      {hits.map((hit, i) => {
        return (
          <li key={`${hit.film.slug}-${hit.kind}-${hit.itemId}-${i}`} className={styles.hit}>
            <p className={styles.context}>
              {partWords(locale).searchKind(hit.kind)}
              {hit.kind !== 'film' && <> · {hit.film.title}</>} <SpoilerBadge level={hit.level} locale={locale} />
            </p>
            <h2 className={styles.title}>
              <Link href={pinned(hitHref(hit, locale), pinnedLevel)}>{hitTitle(hit, locale)}</Link>
            </h2>
            {hit.snippets.length > 0 && (
              <p className={styles.snippet}>
                {hit.snippets.map((parts, j) => (
                  <Fragment key={j}>
                    <span className={styles.quote} data-snippet="">
                      {parts.map((part, k) => (part.match ? <mark key={k}>{part.text}</mark> : <span key={k}>{part.text}</span>))}
                    </span>
                  </Fragment>
                ))}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
