import 'server-only';
import { cache } from 'react';
import { db } from '../db';
import { readContent } from '../content/revision-content';
import { withImageSizes } from '../media/with-image-sizes';
import { parseReadingPoints } from '../spoilers/reading-point';
import type { SpoilerLevel } from '../spoilers/levels';
import { visibleFilm, visibleFilmUpTo, type VisibleFilm } from '../spoilers/visible-film';
import { currentTexts, type StoredTexts } from '../translations/translation-state';
import { withTranslatedTexts } from '../translations/translation-units';
import { untranslatedIn } from '../translations/untranslated-keys';
import { defaultLocale, translationLocales } from '../i18n/site-locales';

export type Reading = { level: SpoilerLevel; upto?: undefined } | { upto: number; level?: undefined };

/**
 * The published page in another language, at a level or up to a point, or null when the film or
 * its published translation is not there (the caller answers in the page's own language). The
 * page's published revision with the translation's texts laid over it (texts only: every item,
 * level and reading point is the page's), then filtered by the in-memory filter that
 * lib/reader/filter-parity.int.test.ts proves equal to the SQL one for any page, level and point;
 * points are the ones stored when the page was published. A unit whose source changed since it
 * was translated reads in the page's language (currentTexts), and so does one never translated:
 * `untranslated` names those the reader gets, for their `lang` mark.
 */
export async function getPublishedTranslation(slug: string, locale: string, reading: Reading): Promise<VisibleFilm | null> {
  const published = await readPublishedTranslation(slug, locale);
  if (!published) return null;
  const { content, texts, readingPoints } = published;
  const { content: translated, missing } = withTranslatedTexts(content, texts);
  const film =
    reading.upto === undefined ? visibleFilm(translated, reading.level) : visibleFilmUpTo(translated, readingPoints, reading.upto);
  const untranslated = untranslatedIn(film, missing, defaultLocale());
  return withImageSizes(untranslated ? { ...film, untranslated } : film);
}

/**
 * The texts readers of `locale` get for a published film, by unit key (lib/translations/unit-key.ts):
 * the published translation's, each made from the published page's text as it is now
 * (currentTexts); null when the film or its published translation is not there. For what reads
 * the published tables rather than the page (the quiz: lib/quiz). Read once per render (React's
 * `cache`): the quiz page asks for the questions and the results.
 */
export const getPublishedTranslationTexts = cache(
  async (slug: string, locale: string): Promise<Record<string, string> | null> =>
    (await readPublishedTranslation(slug, locale))?.texts ?? null,
);

async function readPublishedTranslation(slug: string, locale: string) {
  const row = await db().publishedFilm.findUnique({
    where: { slug },
    select: {
      filmId: true,
      readingPoints: true,
      film: {
        select: {
          publishedRevision: { select: { parts: true } },
          translations: { where: { locale, publishedRevision: { not: null } }, select: { id: true, publishedRevision: true } },
        },
      },
    },
  });
  const [translation] = row?.film.translations ?? [];
  if (!row?.film.publishedRevision || !translation) return null;
  const [content, revision] = await Promise.all([
    readContent(db(), row.filmId, row.film.publishedRevision.parts),
    db().translationRevision.findUniqueOrThrow({
      where: { translationId_number: { translationId: translation.id, number: translation.publishedRevision! } },
      select: { texts: true },
    }),
  ]);
  return { content, texts: currentTexts(content, revision.texts as StoredTexts), readingPoints: parseReadingPoints(row.readingPoints) };
}

/**
 * The languages a published film can be read in besides its own: those of its published
 * translations the site still has (SITE_LOCALES), in the site's order. For hreflang, the language
 * switcher and the sitemap.
 */
export async function listPublishedLanguages(slug: string): Promise<string[]> {
  const locales = translationLocales();
  if (locales.length === 0) return [];
  const rows = await db().filmTranslation.findMany({
    where: { film: { published: { slug } }, publishedRevision: { not: null }, locale: { in: [...locales] } },
    select: { locale: true },
  });
  const published = new Set(rows.map((row) => row.locale));
  return locales.filter((locale) => published.has(locale));
}

/** The published films with a published translation in `locale`: their pages in that language, prerendered at build time. */
export async function listTranslatedSlugs(locale: string): Promise<string[]> {
  const rows = await db().filmTranslation.findMany({
    where: { locale, publishedRevision: { not: null }, film: { published: { isNot: null } } },
    select: { film: { select: { published: { select: { slug: true } } } } },
  });
  return rows.flatMap((row) => (row.film.published ? [row.film.published.slug] : []));
}
