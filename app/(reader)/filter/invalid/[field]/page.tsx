import type { Metadata } from 'next';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { readFilterQuery } from '@/lib/reader/film-filter';

type Props = PageProps<'/filter/invalid/[field]'>;

export const metadata: Metadata = { title: 'Films', robots: { index: false, follow: true } };

/**
 * `/?year=abcd` and other filters that are no filter, rewritten here by proxy.ts: the first page of
 * films with a message that says what to type instead, in the filter form.
 */
export default async function InvalidFilterRoute({ searchParams }: Props) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === 'string') query.set(key, value);
  const { problem } = readFilterQuery(query);
  const list = await listFilmPageCached(1, null, null);
  return <HomeView {...list} problem={problem ?? undefined} />;
}
