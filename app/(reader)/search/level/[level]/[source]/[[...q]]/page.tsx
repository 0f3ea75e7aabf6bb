import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SearchRouteView, searchMetadata } from '@/components/reader/search-route-view';
import { emptySearchSegments, searchOfSegments } from '@/lib/reader/reader-address.mjs';

/**
 * `/search?q=` at one level (proxy.ts rewrites the public address here, lib/reader/reader-address.mjs):
 * rendered once per query, level and level source, then served from the page cache until the next
 * publish (the results are tagged `films`). Reads neither cookies nor the query string, so it stays static.
 */
type Props = PageProps<'/search/level/[level]/[source]/[[...q]]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return emptySearchSegments();
}

async function load({ params }: Props) {
  const search = searchOfSegments(await params);
  if (!search) notFound();
  return search;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  return searchMetadata((await load(props)).query);
}

export default async function SearchRoute(props: Props) {
  const { query, level, source } = await load(props);
  return <SearchRouteView query={query} level={level} levelFromQuery={source === 'query'} />;
}
