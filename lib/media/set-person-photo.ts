import 'server-only';
import { assertCan, type Actor } from '../auth/permissions';
import { ValidationError } from '../errors';
import { updatePersonProfile } from '../people/save-person';

/**
 * Sets (or, with `image: null`, removes) the photo of a person on the site, with its alt text: the
 * person editor's (lib/people/person-actions.ts) and the API's (PUT /api/v1/editor/people/{slug}/photo).
 * A new revision of the person's profile on top of the latest (lib/people/save-person.ts), which
 * publishing never touches: the photo stays when the person's films are unpublished.
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
  assertCan(actor, 'film.publish'); // live at once: not for writers
  // Named as the API's field: a person's photo is `image` there, `photo.image` in the person form.
  try {
    await updatePersonProfile(actor, slug, (latest) => ({ ...latest, photo: image ? { image, alt } : null }), 'person.photo');
  } catch (error) {
    if (error instanceof ValidationError) error.errors.forEach((e) => (e.path = e.path.replace(/^photo\./u, '')));
    throw error;
  }
  return { slug, image, alt: image ? alt : '' };
}
