import 'server-only';
import { db } from '../db';
import { refreshTranslationSearchDocuments } from './translation-search-documents';

/**
 * Published translations of published films that have no search documents or no search terms in
 * their language: those published before search per language existed (migrations 20261207010000,
 * 20261207060000). Each gets its
 * documents, in its own transaction, as a publish would write them. Run once at server start;
 * after that every publish keeps them. Returns how many it wrote.
 */
export async function backfillTranslationSearch(): Promise<number> {
  const missing = await db().$queryRaw<Array<{ filmId: string; locale: string }>>`
    SELECT t."filmId", t.locale FROM "FilmTranslation" t
    JOIN "PublishedFilm" p ON p."filmId" = t."filmId"
    WHERE t."publishedRevision" IS NOT NULL
      AND (NOT EXISTS (SELECT 1 FROM "SearchDocument" d WHERE d."filmId" = t."filmId" AND d.locale = t.locale)
        OR NOT EXISTS (SELECT 1 FROM "SearchTerm" s WHERE s."filmId" = t."filmId" AND s.locale = t.locale))`;
  for (const { filmId, locale } of missing) await db().$transaction((tx) => refreshTranslationSearchDocuments(tx, filmId, locale));
  return missing.length;
}
