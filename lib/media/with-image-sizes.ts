import 'server-only';
import { db } from '../db';
import type { VisibleFilm } from '../spoilers/visible-film';

/**
 * A draft names images by id only: the preview adds their sizes, focal points and current versions
 * (one query, none without images), as the published page's rows carry them; the version is part of
 * each address (mediaAddress), so a replaced file shows.
 */
export async function withImageSizes(film: VisibleFilm): Promise<VisibleFilm> {
  const ids = [...(film.poster ? [film.poster.image] : []), ...film.stills.map((s) => s.image)];
  if (ids.length === 0) return film;
  const rows = await db().imageAsset.findMany({
    where: { id: { in: ids } },
    select: { id: true, width: true, height: true, focalX: true, focalY: true, version: true },
  });
  const size = new Map(rows.map((row) => [row.id, row]));
  const sized = <T extends { image: string; version: number }>(item: T) => {
    const row = size.get(item.image);
    return {
      ...item,
      width: row?.width ?? null,
      height: row?.height ?? null,
      focal: row ? { x: row.focalX, y: row.focalY } : null,
      version: row?.version ?? item.version,
    };
  };
  return { ...film, poster: film.poster && sized(film.poster), stills: film.stills.map(sized) };
}
