import 'server-only';
import damerauLevenshtein from 'damerau-levenshtein';
import { db } from '../db';
import { levelsUpTo } from '../spoilers/levels-up-to';
import type { SpoilerLevel } from '../spoilers/levels';
import { MIN_TERM_LENGTH, termWords } from '../page/search-documents';

/** Candidates read per query: a bound on the work a query with many unknown words can ask for. */
const MAX_CANDIDATES = 2000;

/** Typos allowed in a word: one in a short word ("cyr" → "cry"), two from 6 letters, three from 10. */
export const allowedTypos = (length: number) => (length >= 10 ? 3 : length >= 6 ? 2 : 1);

/**
 * "Did you mean": the query with each word that is no title, name or place at the reader's level
 * (in `locale`, a translation's language; the page's own without it) replaced by the closest one
 * that is (SearchTerm rows at or below the level, so a correction
 * never names something the reader's level hides), or null when no word changes. Candidates
 * come from PostgreSQL through the trigram index (similar words, or words of about the same
 * length that begin with the same letter: a swapped pair of letters shares few trigrams); the
 * closest by Damerau–Levenshtein distance wins, then the word more films use.
 */
export async function correctQuery(text: string, level: SpoilerLevel, locale?: string): Promise<string | null> {
  const words = termWords(text);
  const typed = [...new Set(words.filter((word) => word.length >= MIN_TERM_LENGTH && word.length <= 64))];
  if (typed.length === 0) return null;
  const rows = await db().$queryRaw<Array<{ typed: string; word: string; films: number }>>`
    SELECT w.typed, t.word, count(*)::int AS films
    FROM unnest(${typed}::text[]) AS w(typed)
    JOIN "SearchTerm" t ON t.locale = ${locale ?? ''} AND t.level = ANY(${levelsUpTo(level)}::"SpoilerLevel"[])
      AND (t.word % w.typed OR (t.word LIKE left(w.typed, 1) || '%' AND length(t.word) BETWEEN length(w.typed) - 2 AND length(w.typed) + 2))
    GROUP BY w.typed, t.word
    LIMIT ${MAX_CANDIDATES}`;
  const best = new Map<string, string>();
  for (const word of typed) {
    const candidates = rows.filter((row) => row.typed === word);
    if (candidates.some((row) => row.word === word)) continue; // a known word stays
    let choice: { word: string; steps: number; films: number } | null = null;
    for (const row of candidates) {
      const { steps } = damerauLevenshtein(word, row.word);
      if (steps > allowedTypos(word.length)) continue;
      if (
        !choice ||
        steps < choice.steps ||
        (steps === choice.steps && (row.films > choice.films || (row.films === choice.films && row.word < choice.word)))
      )
        choice = { word: row.word, steps, films: row.films };
    }
    if (choice) best.set(word, choice.word);
  }
  if (best.size === 0) return null;
  return words.map((word) => best.get(word) ?? word).join(' ');
}
