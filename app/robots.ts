import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo/site-url';

/** Crawlers read the reader site; the editor, its API, and the per-level variants stay out. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      { userAgent: '*', allow: '/', disallow: ['/editor', '/api/v1/editor', '/login', '/spoilers', '/films/*/level/', '/people/*/level/'] },
    ],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
