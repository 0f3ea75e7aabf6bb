import type { MetadataRoute } from 'next';
import { translationLocales } from '@/lib/i18n/site-locales';
import { absoluteUrl } from '@/lib/seo/site-url';

/** The per-level variants of film and person pages, in the site's language and in each translation's. */
const levelVariants = ['', ...translationLocales().map((locale) => `/${locale}`)].flatMap((prefix) => [
  `${prefix}/films/*/level/`,
  `${prefix}/people/*/level/`,
]);

/** Crawlers read the reader site; the editor, its API, and the per-level variants stay out. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/editor', '/api/v1/editor', '/login', '/spoilers', ...levelVariants] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
