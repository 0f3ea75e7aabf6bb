import type { Metadata } from 'next';
import { HomeView } from '@/components/reader/home-view';
import { listFilmsCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { absoluteUrl } from '@/lib/seo/site-url';

export const metadata: Metadata = {
  title: { absolute: 'Film pages: films explained without spoilers, or with them' },
  alternates: { canonical: absoluteUrl('/') },
};

/** `/`: published films, newest first. Static, regenerated when a publish invalidates `films`. */
export default async function HomeRoute() {
  const films = await orFallbackAtBuild(listFilmsCached, []);
  return <HomeView films={films} />;
}
