import 'server-only';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { buildSearchDocuments, buildSearchTerms } from '../page/search-documents';

/**
 * Writes films' search documents inside the publish transaction (the previous ones went with the
 * published film, ON DELETE CASCADE), so search switches to the new revision together with the
 * page. One statement: PostgreSQL computes each tsvector (english configuration, title weighted
 * above body) as the rows are inserted.
 */
export async function writeSearchDocuments(tx: Tx, films: Array<{ filmId: string; content: FilmContent }>): Promise<void> {
  const built = films.map(({ filmId, content }) => ({ filmId, docs: buildSearchDocuments(content) }));
  const docs = JSON.stringify(built.flatMap(({ filmId, docs }) => docs.map(({ names: _names, ...doc }) => ({ filmId, ...doc }))));
  // The words "did you mean" may offer, each at its level (SearchTerm, lib/reader/correct-query.ts).
  const terms = JSON.stringify(built.flatMap(({ filmId, docs }) => buildSearchTerms(docs).map((term) => ({ filmId, ...term }))));
  await tx.$executeRaw`
    INSERT INTO "SearchTerm" ("filmId", word, level)
    SELECT t."filmId", t.word, t.level::"SpoilerLevel" FROM jsonb_to_recordset(${terms}::jsonb) AS t("filmId" text, word text, level text)`;
  await tx.$executeRaw`
    INSERT INTO "SearchDocument" (id, "filmId", kind, "itemId", position, level, title, body, tsv)
    SELECT gen_random_uuid()::text, d."filmId", d.kind, d."itemId", d.position, d.level::"SpoilerLevel", d.title, d.body,
           setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.body), 'B')
    FROM jsonb_to_recordset(${docs}::jsonb) AS d("filmId" text, kind text, "itemId" text, position int, level text, title text, body text)`;
}
