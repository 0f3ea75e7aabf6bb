import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { SearchView } from '@/components/reader/search-view';
import { SPOILER_COOKIE, readerLevel } from '@/lib/reader/reader-level';
import { searchCached } from '@/lib/reader/cached-reader';

type Props = PageProps<'/search'>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).q).trim();
  return { title: q ? `Search: ${q}` : 'Search', robots: { index: false, follow: true } };
}

/** `/search?q=`: rendered per request (the query and the reader's level); results cached per query and level until a publish. */
export default async function SearchRoute({ searchParams }: Props) {
  const params = await searchParams;
  const q = first(params.q).trim();
  const override = first(params.spoilers);
  const level = readerLevel(override, (await cookies()).get(SPOILER_COOKIE)?.value);
  const hits = q ? await searchCached(q, level) : [];
  return <SearchView query={q} level={level} hits={hits} levelFromQuery={override === level} />;
}
