// What Next's own sitemap routes render a sitemap with (next/dist: no public export of it).
import { resolveSitemap } from 'next/dist/build/webpack/loaders/metadata/resolve-route-data';
import { isDatabaseUnavailable } from '@/lib/db-errors';
import { ServiceUnavailableError } from '@/lib/errors';
import { listSitemapsCached, sitemapEntriesCached } from '@/lib/reader/cached-reader';
import { sitemapIndexXml } from '@/lib/seo/sitemap';

/**
 * `/sitemap.xml`, the address robots.txt names: every address in one file while SITEMAP_SIZE holds
 * them, else the sitemap index of the child sitemaps (sitemaps.org protocol). Data cached, tagged `films`.
 */
// Rendered per request from cached data: a build without a database (the Docker image's) must not
// prerender it, and the data cache already spares the database.
export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const { ids, whole } = await listSitemapsCached();
    const body = whole ? resolveSitemap((await Promise.all(ids.map((id) => sitemapEntriesCached(id)))).flat()) : sitemapIndexXml(ids);
    return new Response(body, { headers: { 'Content-Type': 'application/xml', 'Cache-Control': 'public, max-age=0, must-revalidate' } });
  } catch (error) {
    // A database outage is temporary: crawlers retry a 503 later and keep what they had.
    if (!isDatabaseUnavailable(error)) throw error;
    const unavailable = new ServiceUnavailableError();
    return Response.json(
      { error: unavailable.message },
      { status: 503, headers: { 'Retry-After': String(unavailable.retryAfterSeconds), 'Cache-Control': 'no-store' } },
    );
  }
}
