import 'server-only';
import type { Tx } from '../db';
import type { FilmContent } from '../content/schema';
import { buildSearchDocuments } from '../page/search-documents';

/**
 * Writes films' search documents inside the publish transaction (the previous ones went with the
 * published film, ON DELETE CASCADE), so search switches to the new revision together with the
 * page. One statement: PostgreSQL computes each tsvector (english configuration, title weighted
 * above body) as the rows are inserted.
 */
export async function writeSearchDocuments(tx: Tx, films: Array<{ filmId: string; content: FilmContent }>): Promise<void> {
  const docs = JSON.stringify(films.flatMap(({ filmId, content }) => buildSearchDocuments(content).map((doc) => ({ filmId, ...doc }))));
  await tx.$executeRaw`
    INSERT INTO "SearchDocument" (id, "filmId", kind, "itemId", position, level, title, body, tsv)
    SELECT gen_random_uuid()::text, d."filmId", d.kind, d."itemId", d.position, d.level::"SpoilerLevel", d.title, d.body,
           setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', d.body), 'B')
    FROM jsonb_to_recordset(${docs}::jsonb) AS d("filmId" text, kind text, "itemId" text, position int, level text, title text, body text)`;
}
