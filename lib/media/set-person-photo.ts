import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { writeAudit } from '../audit/write-audit';
import { NotFoundError } from '../errors';
import { assertImagesExist } from './assert-images-exist';
import { invalidatePersonPages } from '../cache/invalidate-film-pages';

/**
 * Sets (or, with `image: null`, removes) the photo of a person on the site, with its alt text: the
 * person editor's (lib/people/person-actions.ts) and the API's (PUT /api/v1/editor/people/{slug}/photo).
 * People are made by publishing the films they play in; the photo stays with the person across
 * republishing and goes when the person has no part left.
 */
export async function setPersonPhoto({
  actor,
  slug,
  image,
  alt,
}: {
  actor: Actor | null;
  slug: string;
  image: string | null;
  alt: string;
}) {
  assertCan(actor, 'film.publish'); // live at once (people are not revisioned): not for writers
  const result = await db().$transaction(async (tx) => {
    const person = await tx.person.findUnique({ where: { slug }, select: { id: true, name: true } });
    if (!person) throw new NotFoundError(`No person “${slug}” on the site`);
    if (image) {
      try {
        await assertImagesExist(tx, { poster: { image, alt, spoiler: 'none' }, stills: [] });
      } catch (error) {
        // Named as the API's field, not the film page's.
        if (error instanceof Error && 'errors' in error)
          (error as { errors: Array<{ path: string }> }).errors.forEach((e) => (e.path = 'image'));
        throw error;
      }
    }
    await tx.person.update({ where: { id: person.id }, data: { photoId: image, photoAlt: image ? alt : '' } });
    await writeAudit(tx, { actor, action: 'person.photo', subject: slug, details: { image } });
    return { slug, image, alt: image ? alt : '' };
  });
  // Only the person's own pages show the photo (a film page names its people, lib/cache/invalidate-film-pages.ts).
  await invalidatePersonPages(slug);
  return result;
}
