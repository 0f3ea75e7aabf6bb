import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchView } from '@/components/reader/search-view';
import { searchCached } from '@/lib/reader/cached-reader';
import { emptySearchParams, searchFromParams } from '@/lib/reader/search-address';

/**
 * `/search?q=` at one level (proxy.ts rewrites the public address here, lib/reader/search-address.ts):
 * rendered once per query, level and level source, then served from the page cache until the next
 * publish (the results are tagged `films`). Reads neither cookies nor the query string, so it stays static.
 */
type Props = PageProps<'/search/level/[level]/[source]/[[...q]]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return emptySearchParams();
}

async function load({ params }: Props) {
  const search = searchFromParams(await params);
  if (!search) notFound();
  return search;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { query } = await load(props);
  return { title: query ? `Search: ${query}` : 'Search', robots: { index: false, follow: true } };
}

export default async function SearchRoute(props: Props) {
  const { query, level, source } = await load(props);
  const { hits, correctedTo } = query ? await searchCached(query, level) : { hits: [], correctedTo: null };
  return <SearchView query={query} level={level} hits={hits} correctedTo={correctedTo} levelFromQuery={source === 'query'} />;
}
