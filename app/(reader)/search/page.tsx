import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SearchRouteView, searchMetadata } from '@/components/reader/search-route-view';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { normalizeQuery } from '@/lib/reader/reader-address.mjs';

type Props = PageProps<'/search'>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return searchMetadata(normalizeQuery(first((await searchParams).q)));
}

/**
 * `/search?q=` the first time this server sees that search: rendered per request, as cheap as a
 * render gets. From its second request on, proxy.ts sends it to the cached variant
 * (search/level/…), so one-off queries never pay for a page-cache entry.
 */
export default async function SearchRoute({ searchParams }: Props) {
  const { level, source } = levelDecisionOf(await headers());
  return <SearchRouteView query={normalizeQuery(first((await searchParams).q))} level={level} levelFromQuery={source === 'query'} />;
}
