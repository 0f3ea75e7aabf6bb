import 'server-only';
import type { Tx } from '../db';
import { NotFoundError } from '../errors';
import { defaultLocale, translationLocales } from '../i18n/site-locales';
import type { StoredTexts } from './translation-state';

/**
 * How a change locks the film's row before it touches a translation's: `update` to publish or take
 * down (as publishing the page and deciding a review do), `share` to save a revision. The film's
 * row first, always: a save locking the translation's row and then waiting on the film's (its audit
 * row's reference) would deadlock with an approval holding the film's and waiting on the translation's.
 */
export type FilmLock = 'update' | 'share';

/** A film and its translation into `locale` (null before the first save); 404 for an unknown film or a language the site does not translate into. */
export async function findTranslation(tx: Tx, slug: string, locale: string, lock?: FilmLock) {
  if (!translationLocales().includes(locale))
    throw new NotFoundError(
      locale === defaultLocale()
        ? `“${locale}” is the language pages are written in, not a translation`
        : `The site is not translated into “${locale}” (SITE_LOCALES)`,
    );
  if (lock === 'update') await tx.$queryRaw`SELECT id FROM "Film" WHERE slug = ${slug} FOR UPDATE`;
  if (lock === 'share') await tx.$queryRaw`SELECT id FROM "Film" WHERE slug = ${slug} FOR KEY SHARE`;
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
