import { filmRoute } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { parseUpto } from '@/lib/reader/reader-address.mjs';

/**
 * `/{locale}/films/{slug}` read up to a point: the translation with nothing revealed after the
 * point, as `/films/{slug}/upto/{n}` is for the page (rendered on first request, then cached).
 */
type Props = PageProps<'/[locale]/films/[slug]/upto/[n]'>;

export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

const route = filmRoute(async ({ params }: Props) => {
  const { locale, slug, n } = await params;
  const upto = parseUpto(n);
  return upto === null ? null : await loadFilmPage(slug, locale, { upto });
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
