import { filmRoute } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { parseUpto } from '@/lib/reader/reader-address.mjs';

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

const route = filmRoute(async ({ params }: Props) => {
  const { slug, n } = await params;
  const upto = parseUpto(n);
  return upto === null ? null : await loadFilmPage(slug, undefined, { upto });
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
