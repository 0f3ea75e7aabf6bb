import 'server-only';
import { db } from '../db';
import type { SpoilerLevel } from '../spoilers/levels';
import { READ_PARTS, assembleVisibleFilm, atPoint, type VisibleFilm } from '../spoilers/visible-film';
import { parseLevelCounts } from '../spoilers/level-counts';
import { clampPoint, levelAtPoint, parseReadingPoints, shownUpTo, type ReadingPoints } from '../spoilers/reading-point';

/**
 * The published page at one spoiler level. The level filter is in the query itself (each part's
 * `reader.select` filters its rows by level, lib/page/parts), so content above the reader's level
 * never leaves the database; one query loads the page and its hidden counts.
 */
export async function getPublishedFilm(slug: string, level: SpoilerLevel): Promise<VisibleFilm | null> {
  const film = await loadPage(slug, level);
  return film && assemble(film, level);
}

/**
 * The published page read up to a point: the first `upto` events seen. The query loads the level
 * of the events seen (levelAtPoint: never more than a reader of them would choose), and of that
 * only the rows revealed by the point are kept (shownUpTo), before the parts count what was held
 * back; the full story only once every event is seen. Two statements: the film's points, then
 * its page at that level.
 */
export async function getPublishedFilmUpTo(slug: string, upto: number): Promise<VisibleFilm | null> {
  const stored = await db().publishedFilm.findUnique({ where: { slug }, select: { readingPoints: true } });
  if (!stored) return null;
  const points = parseReadingPoints(stored.readingPoints);
  const level = levelAtPoint(points, upto);
  const film = await loadPage(slug, level);
  if (!film) return null;
  const seen = clampPoint(points, upto);
  if (points) keepRevealed(film, points, seen);
  return atPoint(assemble(film, level), points, seen);
}

async function loadPage(slug: string, level: SpoilerLevel): Promise<Record<string, unknown> | null> {
  const fields: Record<string, unknown> = {};
  const counts: Record<string, unknown> = {};
  for (const part of READ_PARTS) {
    const select: { fields: object; counts?: object } = part.reader.select(level);
    Object.assign(fields, select.fields);
    Object.assign(counts, select.counts);
  }
  return (await db().publishedFilm.findUnique({
    where: { slug },
    select: { ...fields, levelCounts: true, _count: { select: counts } } as never,
  })) as Record<string, unknown> | null;
}

function assemble(film: Record<string, unknown>, level: SpoilerLevel): VisibleFilm {
  return assembleVisibleFilm(
    level,
    READ_PARTS.map((part) => part.reader.read(film as never, level)),
    parseLevelCounts((film as { levelCounts: unknown }).levelCounts),
  );
}

/** Drops, from every list the query loaded, the rows revealed after the point (in place, before the parts read them). */
function keepRevealed(film: Record<string, unknown>, points: ReadingPoints, upto: number) {
  for (const [key, value] of Object.entries(film))
    if (Array.isArray(value) && value.every((row) => row !== null && typeof row === 'object'))
      film[key] = value.filter((row: object) => shownUpTo(points, upto, row));
}
