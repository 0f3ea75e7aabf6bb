import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FilmRouteView } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { parseUpto } from '@/lib/reader/reader-address.mjs';
import { filmMetadata } from '@/lib/seo/film-metadata';

/**
 * `/{locale}/films/{slug}` read up to a point: the translation with nothing revealed after the
 * point, as `/films/{slug}/upto/{n}` is for the page (rendered on first request, then cached).
 */
type Props = PageProps<'/[locale]/films/[slug]/upto/[n]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

async function load({ params }: Props) {
  const { locale, slug, n } = await params;
  const upto = parseUpto(n);
  return upto === null ? null : await loadFilmPage(slug, locale, { upto });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const data = await load(props);
  return data ? filmMetadata(data.film, data.languages) : { title: 'Film not found' };
}

export default async function TranslatedFilmUpToRoute(props: Props) {
  const data = await load(props);
  if (!data) notFound();
  return <FilmRouteView {...data} />;
}
