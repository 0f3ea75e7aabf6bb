import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FilmRouteView } from '@/components/reader/film-route-view';
import { getFilmCached } from '@/lib/reader/cached-reader';
import { levelParam } from '@/lib/reader/level-param';
import { listFilmSummaries } from '@/lib/reader/list-published-films';
import { slugLevelParams } from '@/lib/reader/static-params';
import { filmMetadata } from '@/lib/seo/film-metadata';

/**
 * `/films/{slug}` at one spoiler level. proxy.ts rewrites the public address here, so each level
 * is one statically cached page (ISR, invalidated by the film's tag on publish).
 */
type Props = PageProps<'/films/[slug]/level/[level]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return slugLevelParams(async () => (await listFilmSummaries()).map((film) => film.slug));
}

async function load({ params }: Props) {
  const { slug, level: value } = await params;
  const level = levelParam(value);
  return level && (await getFilmCached(slug, level));
}

// The page answers an unknown address with notFound() (404); the metadata only needs a title.
export async function generateMetadata(props: Props): Promise<Metadata> {
  const film = await load(props);
  return film ? filmMetadata(film) : { title: 'Film not found' };
}

export default async function FilmRoute(props: Props) {
  const film = await load(props);
  if (!film) notFound();
  return <FilmRouteView film={film} />;
}
