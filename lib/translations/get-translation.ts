import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { localeName } from '../i18n/locale-name';
import { defaultLocale, translationLocales } from '../i18n/site-locales';
import { readContent } from '../films/revision-store';
import { findTranslation, readTranslationRevision } from './find-translation';
import type { Translation, TranslationList } from './translation-schema';
import { translationState } from './translation-state';

async function latestSource(filmId: string, number: number) {
  const revision = await db().revision.findUniqueOrThrow({ where: { filmId_number: { filmId, number } }, select: { parts: true } });
  return readContent(db(), filmId, revision.parts);
}

/**
 * A film's translation into `locale` as an editor works on it: every unit of the page's newest
 * revision with the translation's text, the source text it was made from and its state. Before
 * the first save every unit is `missing` (revision 0): a new translation starts from the page's
 * structure.
 */
export async function getTranslation({ slug, locale, actor }: { slug: string; locale: string; actor: Actor }): Promise<Translation> {
  assertCan(actor, 'film.read');
  const { film, translation } = await findTranslation(db(), slug, locale);
  const latest = translation?.latestRevision ?? 0;
  const { texts, sourceRevision } = await readTranslationRevision(db(), translation?.id, latest);
  const state = translationState(await latestSource(film.id, film.latestRevision), texts);
  return {
    slug: film.slug,
    locale,
    language: localeName(locale),
    sourceLocale: defaultLocale(),
    revision: latest,
    sourceRevision: film.latestRevision,
    translatedFrom: sourceRevision,
    published: translation?.publishedRevision ?? null,
    ...state,
  };
}

/** Every language the site translates into, with how far this film's translation is (against the page's newest revision). */
export async function listTranslations({ slug, actor }: { slug: string; actor: Actor }): Promise<TranslationList> {
  assertCan(actor, 'film.read');
  const film = await db().film.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      latestRevision: true,
      translations: { select: { id: true, locale: true, latestRevision: true, publishedRevision: true, updatedAt: true } },
    },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const source = await latestSource(film.id, film.latestRevision);
  const translations = await Promise.all(
    translationLocales().map(async (locale) => {
      const row = film.translations.find((translation) => translation.locale === locale);
      const { texts } = await readTranslationRevision(db(), row?.id, row?.latestRevision ?? 0);
      return {
        locale,
        language: localeName(locale),
        revision: row?.latestRevision ?? 0,
        published: row?.publishedRevision ?? null,
        updatedAt: row ? row.updatedAt.toISOString() : null,
        counts: translationState(source, texts).counts,
      };
    }),
  );
  return { slug: film.slug, sourceLocale: defaultLocale(), translations };
}
