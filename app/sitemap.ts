import type { MetadataRoute } from 'next';
import { listFilmsCached, listPeopleCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { absoluteUrl } from '@/lib/seo/site-url';

/**
 * The public addresses: home, every published film and every person with a page. Only addresses,
 * titles never appear, so nothing here can spoil. Cached; a publish invalidates it (`films` tag).
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [films, people] = await orFallbackAtBuild(() => Promise.all([listFilmsCached(), listPeopleCached()]), [[], []]);
  return [
    { url: absoluteUrl('/'), changeFrequency: 'daily', priority: 1 },
    ...films.map((film) => ({ url: absoluteUrl(`/films/${film.slug}`), lastModified: film.publishedAt, changeFrequency: 'weekly' as const, priority: 0.8 })),
    ...people.map((person) => ({ url: absoluteUrl(`/people/${person.slug}`), changeFrequency: 'monthly' as const, priority: 0.5 })),
  ];
}
