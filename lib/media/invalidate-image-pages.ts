import 'server-only';
import { db } from '../db';
import { invalidatePages } from '../cache/invalidate-film-pages';

/**
 * After an upload's file or focal point changed: the reader pages that show it. The published
 * films whose poster or a still it is (their pages, and the lists, whose cards show posters) and
 * the people whose photo it is (their own pages). Read after the change commits; a film published
 * or a photo set in between invalidates its own pages.
 */
export async function invalidateImagePages(imageId: string): Promise<void> {
  const [films, people] = await Promise.all([
    db().publishedFilm.findMany({ where: { images: { some: { imageId } } }, select: { slug: true } }),
    db().personProfile.findMany({ where: { photoId: imageId }, select: { slug: true } }),
  ]);
  await invalidatePages({ films: films.map((film) => film.slug), people: people.map((person) => person.slug), lists: true });
}
