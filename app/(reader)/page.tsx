import type { Metadata } from 'next';
import { HomeView } from '@/components/reader/home-view';
import { listFilmPageCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { absoluteUrl } from '@/lib/seo/site-url';
import { readerText } from '@/lib/i18n/reader-text';
import { listAlternates } from '@/lib/seo/list-metadata';

export function generateMetadata(): Metadata {
  return {
    title: { absolute: readerText()('list.documentTitle') },
    alternates: { canonical: absoluteUrl('/'), languages: listAlternates(1) },
  };
}

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
