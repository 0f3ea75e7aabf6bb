import 'server-only';
import { db } from '../db';

/** A published film as lists show it: spoiler-safe (title and premise are level none). */
export type FilmSummary = { slug: string; title: string; releaseYear: number | null; premise: string; publishedAt: string };

/** Published films, newest first. Dates as ISO strings, so the result survives the data cache as is. */
export async function listFilmSummaries(): Promise<FilmSummary[]> {
  const films = await db().publishedFilm.findMany({
    orderBy: { publishedAt: 'desc' },
    select: { slug: true, title: true, releaseYear: true, premise: true, publishedAt: true },
  });
  return films.map((f) => ({ ...f, publishedAt: f.publishedAt.toISOString() }));
}
