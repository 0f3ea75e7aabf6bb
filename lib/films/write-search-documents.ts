import 'server-only';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { buildSearchDocuments, buildSearchTerms } from '../page/search-documents';
import { searchConfig } from '../i18n/search-config';
import { defaultLocale } from '../i18n/site-locales';

/**
 * Writes films' search documents inside the publish transaction (the previous ones went with the
 * published film, ON DELETE CASCADE), so search switches to the new revision together with the
 * page. One statement: PostgreSQL computes each tsvector (its language's configuration, title
 * weighted above body) as the rows are inserted. `locale`: a published translation's documents
 * (its texts laid over the page, so the page's items at the page's levels); absent, the page's.
 */
export async function writeSearchDocuments(tx: Tx, films: Array<{ filmId: string; content: FilmContent; locale?: string }>): Promise<void> {
  const built = films.map(({ filmId, content, locale }) => ({ filmId, locale: locale ?? '', docs: buildSearchDocuments(content) }));
  const docs = JSON.stringify(
    built.flatMap(({ filmId, locale, docs }) =>
      docs.map(({ names: _names, ...doc }) => ({ filmId, locale, config: searchConfig(locale || defaultLocale()), ...doc })),
    ),
  );
  // The words "did you mean" may offer, each at its level and in its language (SearchTerm, lib/reader/correct-query.ts).
  const terms = JSON.stringify(
    built.flatMap(({ filmId, locale, docs }) => buildSearchTerms(docs).map((term) => ({ filmId, locale, ...term }))),
  );
  await tx.$executeRaw`
    INSERT INTO "SearchTerm" ("filmId", locale, word, level)
    SELECT t."filmId", t.locale, t.word, t.level::"SpoilerLevel"
    FROM jsonb_to_recordset(${terms}::jsonb) AS t("filmId" text, locale text, word text, level text)
`;
  await tx.$executeRaw`
    INSERT INTO "SearchDocument" (id, "filmId", locale, kind, "itemId", position, level, title, body, tsv)
    SELECT gen_random_uuid()::text, d."filmId", d.locale, d.kind, d."itemId", d.position, d.level::"SpoilerLevel", d.title, d.body,
           setweight(to_tsvector(d.config::regconfig, d.title), 'A') || setweight(to_tsvector(d.config::regconfig, d.body), 'B')
    FROM jsonb_to_recordset(${docs}::jsonb) AS d("filmId" text, locale text, config text, kind text, "itemId" text, position int, level text, title text, body text)`;
}

/** Replaces one film's documents in one language (a translation published or taken down: `content` null). */
export async function replaceTranslationSearchDocuments(
  tx: Tx,
  filmId: string,
  locale: string,
  content: FilmContent | null,
): Promise<void> {
  await tx.searchDocument.deleteMany({ where: { filmId, locale } });
  await tx.searchTerm.deleteMany({ where: { filmId, locale } });
  if (content) await writeSearchDocuments(tx, [{ filmId, content, locale }]);
}
