import 'server-only';
import type { Actor } from '../auth/permissions';
import type { BioParagraph, PersonBiography } from './person-schema';
import { updatePersonProfile } from './save-person';

/**
 * Replaces a person's biography with these paragraphs (in order, each at its spoiler level), live
 * at once, as a new revision of their profile on top of the latest (`PUT …/people/{slug}/biography`,
 * the demo seed); the person form saves the whole profile through `savePerson`.
 */
export async function setPersonBiography(
  actor: Actor | null,
  { slug, paragraphs }: PersonBiography,
): Promise<{ slug: string; paragraphs: BioParagraph[] }> {
  const biography = paragraphs.map(({ text, spoiler }) => ({ text, spoiler }));
  await updatePersonProfile(actor, slug, (latest) => ({ ...latest, biography }), 'person.biography');
  return { slug, paragraphs: biography };
}
