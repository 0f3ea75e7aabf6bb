import type { Metadata } from 'next';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { absoluteUrl } from '@/lib/seo/site-url';

export const metadata: Metadata = {
  title: { absolute: 'Film pages: films explained without spoilers, or with them' },
  alternates: { canonical: absoluteUrl('/') },
};

/** `/`: the newest published films (older ones on /page/2 …). Static, regenerated when a publish invalidates `films`. */
export default async function HomeRoute() {
  const list = await orFallbackAtBuild(() => listFilmPageCached(1), {
    films: [],
    page: 1,
    pages: 1,
    facets: { total: 0, genres: [], years: [], countries: [] },
  });
  return <HomeView {...list} />;
}
