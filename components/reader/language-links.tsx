import { capitalised } from '@/lib/page/page-text';
import { localeName } from '@/lib/i18n/locale-name';
import { readerText } from '@/lib/i18n/reader-text';
import { SPOILER_QUERY_NAME, UPTO_QUERY_NAME, filmPath } from '@/lib/reader/reader-address.mjs';
import type { FilmLanguages } from '@/lib/seo/film-metadata';
import type { VisibleFilm } from '@/lib/spoilers/visible-film';
import styles from './language-links.module.css';

/**
 * The page in its other languages, each named in its own ("Français", "English"). A link keeps
 * what the reader sees: the same level (`?spoilers=`) or the same point (`?upto=`), since items and
 * their levels are the same in every language. Nothing when the page has one language.
 */
export function LanguageLinks({ film, languages }: { film: VisibleFilm; languages: FilmLanguages }) {
  const current = languages.locale ?? languages.site;
  const others = [languages.site, ...languages.translations].filter((locale) => locale !== current);
  if (languages.translations.length === 0 || others.length === 0) return null;
  const keep = film.upto ? `?${UPTO_QUERY_NAME}=${film.upto.seen}` : `?${SPOILER_QUERY_NAME}=${film.level}`;
  return (
    <nav className={styles.languages} aria-label={readerText(languages.locale)('site.languages')} data-language-links="">
      <ul>
        {others.map((locale) => (
          <li key={locale}>
            <a href={`${filmPath(film.slug, locale === languages.site ? undefined : locale)}${keep}`} hrefLang={locale} lang={locale}>
              {capitalised(localeName(locale, locale))}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
