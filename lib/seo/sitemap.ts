import 'server-only';
import type { MetadataRoute } from 'next';
import { countPublished, listFilmAddresses } from '../reader/list-published-films';
import { listPublishedPeople } from '../reader/get-person';
import { absoluteUrl } from './site-url';
import { filmAlternates } from './film-metadata';
import { personAlternates } from './person-metadata';
import { pageLanguages } from '../i18n/site-locales';
import { filmPath, personPath } from '../reader/reader-address.mjs';

/**
 * The sitemaps (sitemaps.org protocol): the home page, every published film and every person with
 * a page, cut into child sitemaps of at most SITEMAP_SIZE addresses each (the protocol allows
 * 50,000; smaller files are cheaper to render and to re-fetch after a publish). Child `films-N`
 * holds films N·size … newest first (films-0 also the home page), `people-N` people by name.
 * /sitemap.xml holds every address itself while one file of SITEMAP_SIZE can, else it is the index.
 * Only addresses: titles never appear, so nothing here can spoil.
 */
export const SITEMAP_SIZE = 5_000;

export type SitemapId = `${'films' | 'people'}-${number}`;

/** The child sitemaps for these counts; always at least films-0 (the home page). */
export function sitemapIds(counts: { films: number; people: number }, size = SITEMAP_SIZE): SitemapId[] {
  const films = Math.max(1, Math.ceil((counts.films + 1) / size));
  const people = Math.ceil(counts.people / size);
  return [
    ...Array.from({ length: films }, (_, i) => `films-${i}` as const),
    ...Array.from({ length: people }, (_, i) => `people-${i}` as const),
  ];
}

/** Whether one sitemap file holds every address (the home page, the films, the people). */
export const fitsOneSitemap = (counts: { films: number; people: number }, size = SITEMAP_SIZE) => 1 + counts.films + counts.people <= size;

/** The child sitemaps, and whether /sitemap.xml should be all of them in one file rather than their index. */
export async function listSitemaps(size = SITEMAP_SIZE): Promise<{ ids: SitemapId[]; whole: boolean }> {
  const counts = await countPublished();
  return { ids: sitemapIds(counts, size), whole: fitsOneSitemap(counts, size) };
}

/** The addresses of one child sitemap; an unknown id has none. */
export async function sitemapEntries(id: string, size = SITEMAP_SIZE): Promise<MetadataRoute.Sitemap> {
  const match = /^(films|people)-(0|[1-9]\d{0,6})$/u.exec(id);
  if (!match) return [];
  const index = Number(match[2]);
  if (match[1] === 'people') {
    const people = await listPublishedPeople({ offset: index * size, limit: size });
    return people.map((person) => {
      // Every person's page exists in each of the site's languages: its hreflang alternates, as its head names them.
      const languages = personAlternates(person.slug);
      return {
        url: absoluteUrl(personPath(person.slug)),
        changeFrequency: 'monthly' as const,
        priority: 0.5,
        ...(languages && { alternates: { languages } }),
      };
    });
  }
  // films-0 starts with the home page, so it holds one film less.
  const home: MetadataRoute.Sitemap = index === 0 ? [{ url: absoluteUrl('/'), changeFrequency: 'daily', priority: 1 }] : [];
  const films = await listFilmAddresses({ offset: Math.max(0, index * size - 1), limit: index === 0 ? size - 1 : size });
  return [
    ...home,
    ...films.map((film) => {
      // Its translations as hreflang alternates (xhtml:link), as the pages' own heads name them.
      const languages = filmAlternates(film.slug, pageLanguages(undefined, film.translations));
      return {
        url: absoluteUrl(filmPath(film.slug)),
        lastModified: film.publishedAt,
        changeFrequency: 'weekly' as const,
        priority: 0.8,
        ...(languages && { alternates: { languages } }),
      };
    }),
  ];
}

/** Where a child sitemap is served (Next's generateSitemaps route for app/sitemaps/sitemap.ts). */
export const sitemapPath = (id: string) => `/sitemaps/sitemap/${id}.xml`;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/gu, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** A sitemap index naming the child sitemaps. */
export function sitemapIndexXml(ids: string[]): string {
  const entries = ids.map((id) => `<sitemap>\n<loc>${escapeXml(absoluteUrl(sitemapPath(id)))}</loc>\n</sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}
