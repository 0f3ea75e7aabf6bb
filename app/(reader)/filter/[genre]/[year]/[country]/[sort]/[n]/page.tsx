import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { SORT_LABELS, filterFromSegments, filterWords, isFiltered, listPageHref } from '@/lib/reader/film-filter';
import { absoluteUrl } from '@/lib/seo/site-url';

type Props = PageProps<'/filter/[genre]/[year]/[country]/[sort]/[n]'>;

const pageNumber = (n: string) => (/^[1-9]\d{0,6}$/u.test(n) ? Number(n) : null);

async function read(params: Props['params']) {
  const { genre, year, country, sort, n } = await params;
  return { filter: filterFromSegments({ genre, year, country, sort }), page: pageNumber(n) };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { filter, page } = await read(params);
  if (!filter || page === null) return {};
  const what = isFiltered(filter) ? `Films: ${filterWords(filter)}` : `Films by ${SORT_LABELS[filter.sort].toLowerCase()}`;
  return { title: `${what}${page > 1 ? `, page ${page}` : ''}`, alternates: { canonical: absoluteUrl(listPageHref(page, filter)) } };
}

/**
 * `/?genre=…&year=…&country=…&sort=…` and `/page/N?…`, rewritten here by proxy.ts: the home page's
 * list filtered and sorted in SQL. Rendered on first visit, then cached until a publish (tag
 * `films`), like `/page/N`.
 */
export default async function FilteredFilmsRoute({ params }: Props) {
  const { filter, page } = await read(params);
  if (!filter || page === null) notFound();
  const list = await listFilmPageCached(page, filter);
  if (page > list.pages) notFound();
  return <HomeView {...list} filter={filter} />;
}

export function generateStaticParams() {
  return [];
}
