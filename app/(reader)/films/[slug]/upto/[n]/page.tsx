import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FilmRouteView } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { parseUpto } from '@/lib/reader/reader-address.mjs';
import { filmMetadata } from '@/lib/seo/film-metadata';

/**
 * `/films/{slug}` read up to a point of its story (the first N events seen: `?upto=N`, or the
 * reader's choice for the film). proxy.ts rewrites the public address here, so each point is one
 * statically cached page like each level (ISR, invalidated by the film's tag on publish); its data
 * holds nothing revealed after the point, so neither do its HTML, RSC payload, head nor JSON-LD.
 */
type Props = PageProps<'/films/[slug]/upto/[n]'>;

export const dynamicParams = true;

// Rendered on first request and cached from then on (a point per event: too many to prerender).
export function generateStaticParams() {
  return [];
}

async function load({ params }: Props) {
  const { slug, n } = await params;
  const upto = parseUpto(n);
  return upto === null ? null : await loadFilmPage(slug, undefined, { upto });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const data = await load(props);
  return data ? filmMetadata(data.film, data.languages) : { title: 'Film not found' };
}

export default async function FilmUpToRoute(props: Props) {
  const data = await load(props);
  if (!data) notFound();
  return <FilmRouteView {...data} />;
}
