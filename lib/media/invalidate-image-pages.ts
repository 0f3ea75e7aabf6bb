import 'server-only';
import { db } from '../db';
import { invalidateFilmPages } from '../cache/invalidate-film-pages';

/**
 * After a change to an image's file or focal point: the reader pages showing it render again on
 * their next request. Film pages are cached under their own tag only (`film:{slug}`), so each
 * published film naming the image (its FilmImage rows) is named; lists and people pages are under
 * the films tag, which invalidateFilmPages always includes.
 */
export async function invalidateImagePages(imageId: string): Promise<void> {
  const rows = await db().filmImage.findMany({ where: { imageId }, select: { film: { select: { slug: true } } }, distinct: ['filmId'] });
  await invalidateFilmPages(...rows.map((row) => row.film.slug));
}
