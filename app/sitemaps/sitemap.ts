import type { MetadataRoute } from 'next';
import { listSitemapsCached, sitemapEntriesCached } from '@/lib/reader/cached-reader';
import { orFallbackAtBuild } from '@/lib/reader/build-fallback';
import { absoluteUrl } from '@/lib/seo/site-url';

/**
 * The child sitemaps, /sitemaps/sitemap/{id}.xml (lib/seo/sitemap.ts says what each holds);
 * /sitemap.xml (app/sitemap.xml/route.ts) is their index. Not app/sitemap.ts: Next would claim
 * /sitemap.xml for it even with generateSitemaps. Cached; a publish invalidates them (`films` tag).
 */
export async function generateSitemaps(): Promise<Array<{ id: string }>> {
  const { ids } = await orFallbackAtBuild(listSitemapsCached, { ids: ['films-0' as const], whole: true });
  return ids.map((id) => ({ id }));
}

export default async function sitemap({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  const which = await id;
  return orFallbackAtBuild(
    () => sitemapEntriesCached(which),
    which === 'films-0' ? [{ url: absoluteUrl('/'), changeFrequency: 'daily', priority: 1 }] : [],
  );
}
