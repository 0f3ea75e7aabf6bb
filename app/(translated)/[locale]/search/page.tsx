import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SearchView } from '@/components/reader/search-view';
import { readerText } from '@/lib/i18n/reader-text';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { NO_ANSWER, searchCached } from '@/lib/reader/cached-reader';
import { normalizeQuery } from '@/lib/reader/reader-address.mjs';

/**
 * `/{locale}/search?q=` the first time this server sees that search, as `/search` is for the
 * site's own language: the documents of the films' published translations in that language,
 * stemmed by its configuration (lib/i18n/search-config.ts).
 */
type Props = PageProps<'/[locale]/search'>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const q = normalizeQuery(first((await searchParams).q));
  const t = readerText(locale);
  return { title: q ? t('search.resultsFor', { query: q }) : t('search.title'), robots: { index: false, follow: true } };
}

export default async function TranslatedSearchRoute({ params, searchParams }: Props) {
  const { locale } = await params;
  const q = normalizeQuery(first((await searchParams).q));
  const { level, source } = levelDecisionOf(await headers());
  const { hits, correctedTo, near } = q ? await searchCached(q, level, locale) : NO_ANSWER;
  return (
    <SearchView
      query={q}
      level={level}
      hits={hits}
      correctedTo={correctedTo}
      near={near}
      levelFromQuery={source === 'query'}
      locale={locale}
    />
  );
}
