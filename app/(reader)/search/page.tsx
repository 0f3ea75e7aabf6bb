import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SearchView } from '@/components/reader/search-view';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { NO_ANSWER, searchCached } from '@/lib/reader/cached-reader';
import { normalizeQuery } from '@/lib/reader/reader-address.mjs';

type Props = PageProps<'/search'>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = normalizeQuery(first((await searchParams).q));
  return { title: q ? `Search: ${q}` : 'Search', robots: { index: false, follow: true } };
}

/**
 * `/search?q=` the first time this server sees that search: rendered per request, as cheap as a
 * render gets. From its second request on, proxy.ts sends it to the cached variant
 * (search/level/…), so one-off queries never pay for a page-cache entry.
 */
export default async function SearchRoute({ searchParams }: Props) {
  const params = await searchParams;
  const q = normalizeQuery(first(params.q));
  const { level, source } = levelDecisionOf(await headers());
  const { hits, correctedTo, near } = q ? await searchCached(q, level) : NO_ANSWER;
  return <SearchView query={q} level={level} hits={hits} correctedTo={correctedTo} near={near} levelFromQuery={source === 'query'} />;
}
