import type { Metadata } from 'next';
import { readerText } from '@/lib/i18n/reader-text';
import { NO_ANSWER, searchCached } from '@/lib/reader/cached-reader';
import type { SpoilerLevel } from '@/lib/spoilers/levels';
import { SearchView } from './search-view';

type SearchRoute = { query: string; level: SpoilerLevel; levelFromQuery: boolean; locale?: string };

/** A search route's page (the first request's and the cached variant's, in any language): the search at the reader's level, shown. */
export async function SearchRouteView({ query, level, levelFromQuery, locale }: SearchRoute) {
  const { hits, correctedTo, near } = query ? await searchCached(query, level, locale) : NO_ANSWER;
  return (
    <SearchView
      query={query}
      level={level}
      hits={hits}
      correctedTo={correctedTo}
      near={near}
      levelFromQuery={levelFromQuery}
      locale={locale}
    />
  );
}

/** A search page's title ("Search: …"), never indexed. */
export function searchMetadata(query: string, locale?: string): Metadata {
  const t = readerText(locale);
  return { title: query ? t('search.pageTitle', { query }) : t('search.title'), robots: { index: false, follow: true } };
}
