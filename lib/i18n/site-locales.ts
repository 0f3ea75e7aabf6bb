import { localeTagSchema } from './locale-tag';
import { siteEnv } from '../env';
import { ValidationError } from '../errors';

/**
 * The languages the site's content is written in (`SITE_LOCALES`, the first the default). A film
 * page is written in the default language; every other one is a translation of it
 * (lib/translations), which shares the page's items and their spoiler levels.
 */
export function siteLocales(): readonly string[] {
  return siteEnv().SITE_LOCALES;
}

/** The language pages are written in, and translated from. */
export function defaultLocale(): string {
  return siteLocales()[0];
}

/** The languages a film page can be translated into: every site language but the default. */
export function translationLocales(): readonly string[] {
  return siteLocales().slice(1);
}

/** A page's language (`locale`: a translation's; absent: the site's own, `site`) and the translations readers can switch to. */
export type PageLanguages = { locale: string | undefined; site: string; translations: readonly string[] };

/** The languages of a page read in `locale`: by default it exists in every language of the site (lists, people); a film names its own. */
export function pageLanguages(locale: string | undefined, translations: readonly string[] = translationLocales()): PageLanguages {
  return { locale, site: defaultLocale(), translations };
}

/** A translation's language in a route or request: a language tag's shape (whether the site has it is the domain's 404). */
export const localeSchema = localeTagSchema;

/**
 * The language a reader API request asks for (`?locale=`): one of the site's (a 400 naming
 * `locale` otherwise), the language pages are written in by default. The film and quiz endpoints.
 */
export function requestedLocale(asked: string | null): string {
  const locale = asked ?? defaultLocale();
  if (!siteLocales().includes(locale))
    throw ValidationError.field('locale', `The site is in ${siteLocales().join(', ')}: there is no “${locale}”`);
  return locale;
}
