import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { absoluteUrl } from '@/lib/seo/site-url';
import { listPageNumber } from '@/lib/seo/list-metadata';

type Props = PageProps<'/page/[n]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { n } = await params;
  return { title: `Films, page ${n}`, alternates: { canonical: absoluteUrl(`/page/${n}`) } };
}

/** `/page/{n}`: older published films, FILMS_PER_PAGE at a time. Rendered on first visit, then cached until a publish. */
export default async function FilmPageRoute({ params }: Props) {
  const page = listPageNumber((await params).n);
  if (page === 1) permanentRedirect('/');
  if (page === null) notFound();
  const list = await listFilmPageCached(page);
  if (page > list.pages) notFound();
  return <HomeView {...list} />;
}

export function generateStaticParams() {
  return [];
}
