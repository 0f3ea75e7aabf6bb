import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchView } from '@/components/reader/search-view';
import { readerText } from '@/lib/i18n/reader-text';
import { translationLocales } from '@/lib/i18n/site-locales';
import { NO_ANSWER, searchCached } from '@/lib/reader/cached-reader';
import { emptySearchSegments, searchOfSegments } from '@/lib/reader/reader-address.mjs';

/**
 * `/{locale}/search?q=` at one level (proxy.ts rewrites the public address here), cached like the
 * site's own search (app/(reader)/search/level/…) until the next publish.
 */
type Props = PageProps<'/[locale]/search/level/[level]/[source]/[[...q]]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return emptySearchSegments();
}

async function load({ params }: Props) {
  const { locale, ...segments } = await params;
  const search = translationLocales().includes(locale) ? searchOfSegments(segments) : null;
  if (!search) notFound();
  return { ...search, locale };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { query, locale } = await load(props);
  const t = readerText(locale);
  return { title: query ? t('search.resultsFor', { query }) : t('search.title'), robots: { index: false, follow: true } };
}

export default async function TranslatedSearchLevelRoute(props: Props) {
  const { query, level, source, locale } = await load(props);
  const { hits, correctedTo, near } = query ? await searchCached(query, level, locale) : NO_ANSWER;
  return (
    <SearchView
      query={query}
      level={level}
      hits={hits}
      correctedTo={correctedTo}
      near={near}
      levelFromQuery={source === 'query'}
      locale={locale}
    />
  );
}
