import 'server-only';
import type { Tx } from '../db';
import { NotFoundError } from '../errors';
import { defaultLocale, translationLocales } from '../i18n/site-locales';
import type { StoredTexts } from './translation-state';

/** A film and its translation into `locale` (null before the first save); 404 for an unknown film or a language the site does not translate into. */
export async function findTranslation(tx: Tx, slug: string, locale: string) {
  if (!translationLocales().includes(locale))
    throw new NotFoundError(
      locale === defaultLocale()
        ? `“${locale}” is the language pages are written in, not a translation`
        : `The site is not translated into “${locale}” (SITE_LOCALES)`,
    );
  const film = await tx.film.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      latestRevision: true,
      // The address readers use: a draft's new slug is not theirs until it is published.
      published: { select: { slug: true } },
      translations: { where: { locale }, select: { id: true, latestRevision: true, publishedRevision: true, updatedAt: true } },
    },
  });
  if (!film) throw new NotFoundError(`No film “${slug}”`);
  const [translation = null] = film.translations;
  return { film, translation };
}

/** The texts of a translation's revision (none for revision 0). */
export async function readTranslationRevision(tx: Tx, translationId: string | undefined, number: number) {
  if (!translationId || number === 0) return { texts: {} as StoredTexts, sourceRevision: null };
  const revision = await tx.translationRevision.findUniqueOrThrow({
    where: { translationId_number: { translationId, number } },
    select: { texts: true, sourceRevision: true },
  });
  return { texts: revision.texts as StoredTexts, sourceRevision: revision.sourceRevision };
}
