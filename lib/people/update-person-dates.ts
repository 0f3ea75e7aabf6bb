import 'server-only';
import type { Actor } from '../auth/permissions';
import type { PersonDates } from './person-schema';
import { updatePersonProfile } from './save-person';

/**
 * Sets a person's birth and death dates, live at once, as a new revision of their profile on top of
 * the latest; the audit row records the dates before and after.
 */
export async function updatePersonDates(
  actor: Actor | null,
  { slug, birthDate, deathDate }: PersonDates,
): Promise<{ slug: string; birthDate: string; deathDate: string }> {
  await updatePersonProfile(actor, slug, (latest) => ({ ...latest, birthDate, deathDate }), 'person.update');
  return { slug, birthDate, deathDate };
}
