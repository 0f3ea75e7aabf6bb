import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchRouteView, searchMetadata } from '@/components/reader/search-route-view';
import { translationLocales } from '@/lib/i18n/site-locales';
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
  return searchMetadata(query, locale);
}

export default async function TranslatedSearchLevelRoute(props: Props) {
  const { query, level, source, locale } = await load(props);
  return <SearchRouteView query={query} level={level} levelFromQuery={source === 'query'} locale={locale} />;
}
