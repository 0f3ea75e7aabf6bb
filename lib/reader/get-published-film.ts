import 'server-only';
import { db } from '../db';
import type { SpoilerLevel } from '../spoilers/levels';
import { READ_PARTS, assembleVisibleFilm, type VisibleFilm } from '../spoilers/visible-film';
import { parseLevelCounts } from '../spoilers/level-counts';

/**
 * The published page at one spoiler level. The level filter is in the query itself (each part's
 * `reader.select` filters its rows by level, lib/page/parts), so content above the reader's level
 * never leaves the database; one query loads the page and its hidden counts.
 */
export async function getPublishedFilm(slug: string, level: SpoilerLevel): Promise<VisibleFilm | null> {
  const fields: Record<string, unknown> = {};
  const counts: Record<string, unknown> = {};
  for (const part of READ_PARTS) {
    const select: { fields: object; counts?: object } = part.reader.select(level);
    Object.assign(fields, select.fields);
    Object.assign(counts, select.counts);
  }
  const film = await db().publishedFilm.findUnique({
    where: { slug },
    select: { ...fields, levelCounts: true, _count: { select: counts } } as never,
  });
  if (!film) return null;
  return assembleVisibleFilm(
    level,
    READ_PARTS.map((part) => part.reader.read(film as never, level)),
    parseLevelCounts((film as { levelCounts: unknown }).levelCounts),
  );
}
