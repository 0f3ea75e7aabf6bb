import { defaultLocale, translationLocales } from '../i18n/site-locales';
import { listPath } from '../reader/reader-address.mjs';
import { languageAlternates } from './film-metadata';

/** A list page's number in its route (`/page/{n}`, `/{locale}/page/{n}`), or null for one that is none. */
export const listPageNumber = (n: string) => (/^[1-9]\d{0,6}$/u.test(n) ? Number(n) : null);

/**
 * hreflang alternates of the film list: its first page exists in every language (`/`, `/fr`); a
 * later page lists other films in each language, so it has none.
 */
export function listAlternates(page: number): Record<string, string> | undefined {
  if (page !== 1) return undefined;
  return languageAlternates(listPath, {
    site: defaultLocale(),
    translations: translationLocales(),
  });
}
