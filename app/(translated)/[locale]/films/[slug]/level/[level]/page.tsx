import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FilmRouteView } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { listTranslatedSlugs } from '@/lib/reader/get-published-translation';
import { slugLevelParams } from '@/lib/reader/static-params';
import { parseLevel } from '@/lib/spoilers/levels';
import { filmMetadata } from '@/lib/seo/film-metadata';

/**
 * `/{locale}/films/{slug}` at one spoiler level: the film's published translation, with the same
 * items at the same levels as the page (lib/reader/get-published-translation.ts). proxy.ts rewrites
 * the public address here, as for the site's own language; invalidated by the film's tag.
 */
type Props = PageProps<'/[locale]/films/[slug]/level/[level]'>;

export const dynamicParams = true;

export function generateStaticParams({ params }: { params: { locale: string } }) {
  return slugLevelParams(() => listTranslatedSlugs(params.locale));
}

async function load({ params }: Props) {
  const { locale, slug, level: value } = await params;
  const level = parseLevel(value);
  return level ? await loadFilmPage(slug, locale, { level }) : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const data = await load(props);
  return data ? filmMetadata(data.film, data.languages) : { title: 'Film not found' };
}

export default async function TranslatedFilmLevelRoute(props: Props) {
  const data = await load(props);
  if (!data) notFound();
  return <FilmRouteView {...data} />;
}
