import 'server-only';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { readContent } from '../content/revision-content';
import { replaceTranslationSearchDocuments, writeSearchDocuments } from '../films/write-search-documents';
import { translatedContent, type StoredTexts } from './translation-state';

/**
 * Search in a translation's language finds what its readers get: the page's published content
 * with the published translation laid over it, so each item at the page's level. Written in the
 * transaction that changes either: the page's publish (every published translation of the film,
 * again: a level raised in the page is raised in every language's search in the same commit)
 * and the translation's publish or take-down.
 */
export async function writeTranslationSearchDocuments(tx: Tx, films: Array<{ filmId: string; content: FilmContent }>): Promise<void> {
  if (films.length === 0) return;
  const translations = await tx.filmTranslation.findMany({
    where: { filmId: { in: films.map((film) => film.filmId) }, publishedRevision: { not: null } },
    select: { filmId: true, locale: true, id: true, publishedRevision: true },
  });
  if (translations.length === 0) return;
  const revisions = await tx.translationRevision.findMany({
    where: { OR: translations.map((t) => ({ translationId: t.id, number: t.publishedRevision! })) },
    select: { translationId: true, texts: true },
  });
  const texts = new Map(revisions.map((revision) => [revision.translationId, revision.texts as StoredTexts]));
  const content = new Map(films.map((film) => [film.filmId, film.content]));
  await writeSearchDocuments(
    tx,
    translations.map((t) => ({
      filmId: t.filmId,
      locale: t.locale,
      content: translatedContent(content.get(t.filmId)!, texts.get(t.id) ?? {}),
    })),
  );
}

/** After a translation's publish or take-down: its language's documents for the film, from the page's published revision. */
export async function refreshTranslationSearchDocuments(tx: Tx, filmId: string, locale: string): Promise<void> {
  const film = await tx.film.findUniqueOrThrow({ where: { id: filmId }, select: { publishedRevision: { select: { parts: true } } } });
  const translation = await tx.filmTranslation.findUnique({
    where: { filmId_locale: { filmId, locale } },
    select: { id: true, publishedRevision: true },
  });
  if (!film.publishedRevision || !translation?.publishedRevision) return replaceTranslationSearchDocuments(tx, filmId, locale, null);
  const [content, revision] = await Promise.all([
    readContent(tx, filmId, film.publishedRevision.parts),
    tx.translationRevision.findUniqueOrThrow({
      where: { translationId_number: { translationId: translation.id, number: translation.publishedRevision } },
      select: { texts: true },
    }),
  ]);
  await replaceTranslationSearchDocuments(tx, filmId, locale, translatedContent(content, revision.texts as StoredTexts));
}
