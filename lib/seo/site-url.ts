import 'server-only';
import { siteEnv } from '../env';

/**
 * The public address of the site, for absolute URLs (canonical links, Open Graph, JSON-LD, the
 * sitemap). SITE_URL in production; NEXTAUTH_URL is the same address when only that one is set.
 */
export function siteUrl(): string {
  const { SITE_URL, NEXTAUTH_URL } = siteEnv();
  return (SITE_URL || NEXTAUTH_URL || 'http://localhost:3000').replace(/\/+$/u, '');
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}
