/**
 * The public address of the site, for absolute URLs (canonical links, Open Graph, JSON-LD, the
 * sitemap). SITE_URL in production; NEXTAUTH_URL is the same address when only that one is set.
 */
export function siteUrl(): string {
  const url = process.env.SITE_URL || process.env.NEXTAUTH_URL || 'http://localhost:3000';
  return url.replace(/\/+$/u, '');
}

export function absoluteUrl(path: string): string {
  return `${siteUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}
