// What Next's own sitemap routes render a sitemap with (next/dist: no public export of it).
import { resolveSitemap } from 'next/dist/build/webpack/loaders/metadata/resolve-route-data';
import { listSitemapIdsCached, sitemapEntriesCached } from '@/lib/reader/cached-reader';
import { sitemapIndexXml } from '@/lib/seo/sitemap';

/**
 * `/sitemap.xml`, the address robots.txt names: the whole sitemap while one file holds it, else the
 * sitemap index of the child sitemaps (sitemaps.org protocol). Data cached, tagged `films`.
 */
export async function GET() {
  const ids = await listSitemapIdsCached();
  const body = ids.length === 1 ? resolveSitemap(await sitemapEntriesCached(ids[0])) : sitemapIndexXml(ids);
  return new Response(body, { headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=0, must-revalidate' } });
}
