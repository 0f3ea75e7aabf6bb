import { filmRoute } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { listTranslatedSlugs } from '@/lib/reader/get-published-translation';
import { slugLevelParams } from '@/lib/reader/static-params';
import { parseLevel } from '@/lib/spoilers/levels';

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

const route = filmRoute(async ({ params }: Props) => {
  const { locale, slug, level: value } = await params;
  const level = parseLevel(value);
  return level ? await loadFilmPage(slug, locale, { level }) : null;
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
