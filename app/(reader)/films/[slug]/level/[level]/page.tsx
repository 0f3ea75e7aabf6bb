import { FilmRouteView } from '@/components/reader/film-route-view';
import { loadFilmPage } from '@/lib/reader/film-page-data';
import { listFilmSummaries } from '@/lib/reader/list-published-films';
import { levelPage } from '@/lib/reader/static-params';
import { filmMetadata } from '@/lib/seo/film-metadata';

/**
 * `/films/{slug}` at one spoiler level. proxy.ts rewrites the public address here, so each level
 * is one statically cached page (ISR, invalidated by the film's tag on publish).
 */
const page = levelPage({
  listSlugs: async () => (await listFilmSummaries()).map((film) => film.slug),
  get: (slug, level) => loadFilmPage(slug, undefined, { level }),
  metadata: ({ film, languages }) => filmMetadata(film, languages),
  missingTitle: 'Film not found',
  render: (data) => <FilmRouteView {...data} />,
});

export const dynamicParams = true;
export const generateStaticParams = page.generateStaticParams;
export const generateMetadata = page.generateMetadata;
export default page.Page;
