import type { Metadata } from 'next';
import type { VisibleFilm } from '../spoilers/visible-film';
import { absoluteUrl } from './site-url';
import { excerpt } from './excerpt';
import { filmPath } from '../reader/reader-address.mjs';
import { readerText } from '../i18n/reader-text';
import { pageLanguages, type PageLanguages } from '../i18n/site-locales';

/** "Kiss and Cry (2017)": the film as titles name it. */
export const filmName = (film: Pick<VisibleFilm, 'title' | 'releaseYear'>) =>
  film.releaseYear ? `${film.title} (${film.releaseYear})` : film.title;

/**
 * Title, description and Open Graph tags of a film page. Spoiler-safe at every level: built only
 * from the title, the year and the premise (always level none), never from what the level reveals.
 */
export function filmMetadata(
  film: Pick<VisibleFilm, 'title' | 'slug' | 'releaseYear' | 'premise'>,
  languages: PageLanguages = pageLanguages(undefined, []),
): Metadata {
  const t = readerText(languages.locale);
  const title = t('seo.title', { name: filmName(film) });
  const description = excerpt(film.premise) || t('seo.description', { title: film.title });
  const url = absoluteUrl(filmPath(film.slug, languages.locale));
  return {
    title,
    description,
    alternates: { canonical: url, languages: filmAlternates(film.slug, languages) },
    openGraph: {
      type: 'video.movie',
      title: filmName(film),
      description,
      url,
      siteName: 'Film pages',
      locale: languages.locale ?? languages.site,
    },
    twitter: { card: 'summary', title: filmName(film), description },
  };
}

/**
 * hreflang alternates: the page in every language it is published in, and `x-default` (the
 * site's own language, the address that never changes). None when it has one language only.
 */
export function filmAlternates(slug: string, languages: PageLanguages): Record<string, string> | undefined {
  return languageAlternates((locale) => filmPath(slug, locale), languages);
}

/**
 * hreflang alternates of any page that exists in several languages: `pathIn(locale)` is its path in
 * a translation's language, `pathIn()` in the site's own (also `x-default`). None with one language.
 */
export function languageAlternates(
  pathIn: (locale?: string) => string,
  { site, translations }: Omit<PageLanguages, 'locale'>,
): Record<string, string> | undefined {
  if (translations.length === 0) return undefined;
  const own = absoluteUrl(pathIn());
  return Object.fromEntries([[site, own], ...translations.map((locale) => [locale, absoluteUrl(pathIn(locale))]), ['x-default', own]]);
}
