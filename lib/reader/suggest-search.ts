import 'server-only';
import { db } from '../db';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import { normalizeQuery } from './reader-address.mjs';
import { correctQuery } from './correct-query';
import { filmPath, personPath } from './reader-address.mjs';

export type SearchSuggestion = { kind: 'film' | 'person'; label: string; href: string };

/** Suggestions per query: enough to choose from while typing. */
const LIMIT = 8;
/** Fewer characters suggest nothing: every title would match. */
export const MIN_SUGGEST_LENGTH = 2;

const escapeLike = (text: string) => text.replace(/[\\%_]/gu, (c) => `\\${c}`);

/**
 * Films and people whose names contain what the reader has typed, or resemble it (pg_trgm word
 * similarity), else those of its correction (correct-query.ts: "kis and cyr" offers Kiss and Cry),
 * from the search documents at the reader's level: the same spoiler rule as search. Names that
 * begin with the text come first.
 */
export async function suggestSearch(query: string, level: SpoilerLevel, locale?: string): Promise<SearchSuggestion[]> {
  const text = normalizeQuery(query).slice(0, 100);
  if (text.length < MIN_SUGGEST_LENGTH) return [];
  const found = await suggestFor(text, level, locale);
  if (found.length > 0 || locale) return found;
  const corrected = await correctQuery(text, level);
  return corrected ? suggestFor(corrected, level) : [];
}

/** `locale`: the documents of the films' translations in that language (films link to their page in it); absent, the pages' own. */
async function suggestFor(text: string, level: SpoilerLevel, locale?: string): Promise<SearchSuggestion[]> {
  const contains = `%${escapeLike(text)}%`;
  const starts = `${escapeLike(text)}%`;
  const rows = await db().$queryRaw<Array<{ kind: 'film' | 'person'; title: string; slug: string }>>`
    SELECT kind, title, slug FROM (
      SELECT DISTINCT ON (d.kind, CASE WHEN d.kind = 'person' THEN d."itemId" ELSE f.slug END)
             d.kind, d.title, CASE WHEN d.kind = 'person' THEN d."itemId" ELSE f.slug END AS slug,
             d.title ILIKE ${starts} AS prefix, word_similarity(${text}, d.title) AS similarity
      FROM "SearchDocument" d JOIN "PublishedFilm" f ON f."filmId" = d."filmId"
      WHERE d.locale = ${locale ?? ''} AND d.kind IN ('film', 'person') AND d.level = ANY(${levelsUpTo(level)}::"SpoilerLevel"[])
        AND (d.title ILIKE ${contains} OR ${text} <% d.title)
      ORDER BY d.kind, CASE WHEN d.kind = 'person' THEN d."itemId" ELSE f.slug END
    ) matched
    ORDER BY prefix DESC, similarity DESC, kind, title
    LIMIT ${LIMIT}`;
  return rows.map(({ kind, title, slug }) => ({
    kind,
    label: title,
    href: kind === 'film' ? filmPath(slug, locale) : personPath(slug, locale),
  }));
}
