import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { FILTER_PROBLEMS } from '@/lib/reader/film-filter';

type Props = PageProps<'/filter/invalid/[field]'>;

export const metadata: Metadata = { title: 'Films', robots: { index: false, follow: true } };

/**
 * `/?year=abcd` and other filters that are no filter, rewritten here by proxy.ts: the first page of
 * films with a message in the filter form that says what to type instead. One cached page per
 * field (tag `films` through its data, like the lists).
 */
export default async function InvalidFilterRoute({ params }: Props) {
  const { field } = await params;
  const problem = Object.hasOwn(FILTER_PROBLEMS, field) ? FILTER_PROBLEMS[field as keyof typeof FILTER_PROBLEMS] : null;
  if (!problem) notFound();
  const list = await listFilmPageCached(1);
  return <HomeView {...list} problem={problem} />;
}

export function generateStaticParams() {
  return [];
}
