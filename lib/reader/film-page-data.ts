import 'server-only';
import { pageLanguages, translationLocales, type PageLanguages } from '../i18n/site-locales';

import type { SpoilerLevel } from '../spoilers/levels';
import type { VisibleFilm } from '../spoilers/visible-film';
import { getFilmCached, getFilmTranslationCached, getFilmUpToCached, listFilmLanguagesCached } from './cached-reader';

/** A film page as its routes render it: the film at the reading, and the languages it can be read in. */
export type FilmPageData = { film: VisibleFilm; languages: PageLanguages };

/**
 * The film page at a level or up to a point, in the site's language (`locale` undefined) or in a
 * translation's (its published translation: null without one, or for a language the site does not
 * have), with the languages it is published in (hreflang, the language links).
 */
export async function loadFilmPage(
  slug: string,
  locale: string | undefined,
  reading: { level: SpoilerLevel; upto?: undefined } | { upto: number; level?: undefined },
): Promise<FilmPageData | null> {
  if (locale !== undefined && !translationLocales().includes(locale)) return null;
  const film =
    locale !== undefined
      ? await getFilmTranslationCached(slug, locale, reading.level ?? 'none', reading.upto)
      : reading.upto === undefined
        ? await getFilmCached(slug, reading.level)
        : await getFilmUpToCached(slug, reading.upto);
  if (!film) return null;
  return { film, languages: pageLanguages(locale, await listFilmLanguagesCached(slug)) };
}
