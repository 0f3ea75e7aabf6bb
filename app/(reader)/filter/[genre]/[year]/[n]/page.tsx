import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { filterFromSegments, listPageHref } from '@/lib/reader/film-filter';
import { absoluteUrl } from '@/lib/seo/site-url';

type Props = PageProps<'/filter/[genre]/[year]/[n]'>;

const pageNumber = (n: string) => (/^[1-9]\d{0,6}$/u.test(n) ? Number(n) : null);

async function read(params: Props['params']) {
  const { genre, year, n } = await params;
  return { filter: filterFromSegments(genre, year), page: pageNumber(n) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { filter, page } = await read(params);
  if (!filter || page === null) return {};
  const what = [filter.genre, filter.year].filter((part) => part !== null).join(', ');
  return { title: `Films: ${what}${page > 1 ? `, page ${page}` : ''}`, alternates: { canonical: absoluteUrl(listPageHref(page, filter)) } };
}

/**
 * `/?genre=…&year=…` and `/page/N?…`, rewritten here by proxy.ts: the home page's list filtered in
 * SQL. Rendered on first visit, then cached until a publish (tag `films`), like `/page/N`.
 */
export default async function FilteredFilmsRoute({ params }: Props) {
  const { filter, page } = await read(params);
  if (!filter || page === null) notFound();
  const list = await listFilmPageCached(page, filter.genre, filter.year);
  if (page > list.pages) notFound();
  return <HomeView {...list} filter={filter} />;
}

export function generateStaticParams() {
  return [];
}
