import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { SearchRouteView, searchMetadata } from '@/components/reader/search-route-view';
import { levelDecisionOf } from '@/lib/reader/reader-level';
import { normalizeQuery } from '@/lib/reader/reader-address.mjs';

/**
 * `/{locale}/search?q=` the first time this server sees that search, as `/search` is for the
 * site's own language: the documents of the films' published translations in that language,
 * stemmed by its configuration (lib/i18n/search-config.ts).
 */
type Props = PageProps<'/[locale]/search'>;

// Per request (it reads the level decision's header). Said here, not inferred at build: a build
// that lists no language ([locale]'s static params empty) would make it an on-demand static route,
// where reading a header fails.
export const dynamic = 'force-dynamic';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return searchMetadata(normalizeQuery(first((await searchParams).q)), (await params).locale);
}

export default async function TranslatedSearchRoute({ params, searchParams }: Props) {
  const { level, source } = levelDecisionOf(await headers());
  const query = normalizeQuery(first((await searchParams).q));
  return <SearchRouteView query={query} level={level} levelFromQuery={source === 'query'} locale={(await params).locale} />;
}
