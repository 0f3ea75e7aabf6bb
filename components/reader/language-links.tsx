import { capitalised } from '@/lib/page/page-text';
import { localeName } from '@/lib/i18n/locale-name';
import { readerText } from '@/lib/i18n/reader-text';
import type { PageLanguages } from '@/lib/i18n/site-locales';
import styles from './language-links.module.css';

/**
 * The page in its other languages, each named in its own ("Français", "English"): `hrefIn(locale)`
 * is its address in a translation's language, `hrefIn()` in the site's own (a film page's keeps
 * what the reader sees, components/reader/film-route-view.tsx). Nothing when the page has one
 * language.
 */
export function LanguageLinks({ languages, hrefIn }: { languages: PageLanguages; hrefIn: (locale?: string) => string }) {
  const current = languages.locale ?? languages.site;
  const others = [languages.site, ...languages.translations].filter((locale) => locale !== current);
  if (languages.translations.length === 0 || others.length === 0) return null;
  return (
    <nav className={styles.languages} aria-label={readerText(languages.locale)('site.languages')} data-language-links="">
      <ul>
        {others.map((locale) => (
          <li key={locale}>
            <a href={hrefIn(locale === languages.site ? undefined : locale)} hrefLang={locale} lang={locale}>
              {capitalised(localeName(locale, locale))}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
