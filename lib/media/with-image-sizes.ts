import 'server-only';
import { db } from '../db';
import type { VisibleFilm } from '../spoilers/visible-film';

/** A draft names images by id only: the preview adds their sizes (one query, none without images). */
export async function withImageSizes(film: VisibleFilm): Promise<VisibleFilm> {
  const ids = [...(film.poster ? [film.poster.image] : []), ...film.stills.map((s) => s.image)];
  if (ids.length === 0) return film;
  const rows = await db().imageAsset.findMany({ where: { id: { in: ids } }, select: { id: true, width: true, height: true } });
  const size = new Map(rows.map((row) => [row.id, row]));
  const sized = <T extends { image: string }>(item: T) => ({
    ...item,
    width: size.get(item.image)?.width ?? null,
    height: size.get(item.image)?.height ?? null,
  });
  return { ...film, poster: film.poster && sized(film.poster), stills: film.stills.map(sized) };
}
