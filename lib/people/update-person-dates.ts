import 'server-only';
import { db } from '../db';
import { assertCan, type Actor } from '../auth/permissions';
import { NotFoundError } from '../errors';
import { writeAudit } from '../audit/write-audit';
import { invalidatePersonPages } from '../cache/invalidate-film-pages';
import type { PersonDates } from './person-schema';

/**
 * Sets a person's birth and death dates (their reader page shows them). People exist while they
 * have a part or a credit in a published film (lib/films/materialize-published.ts), so only
 * those can be edited; the audit row records the dates before and after.
 */
export async function updatePersonDates(
  actor: Actor,
  { slug, birthDate, deathDate }: PersonDates,
): Promise<{ slug: string; birthDate: string; deathDate: string }> {
  assertCan(actor, 'film.publish'); // live at once (people are not revisioned): not for writers
  const updated = await db().$transaction(async (tx) => {
    const before = await tx.person.findUnique({ where: { slug }, select: { id: true, birthDate: true, deathDate: true } });
    if (!before) throw new NotFoundError('No person with this address is on the site');
    const after = await tx.person.update({
      where: { id: before.id },
      data: { birthDate, deathDate },
      select: { slug: true, birthDate: true, deathDate: true },
    });
    await writeAudit(tx, {
      actor,
      action: 'person.update',
      subject: slug,
      details: { before: { birthDate: before.birthDate, deathDate: before.deathDate }, after: { birthDate, deathDate } },
    });
    return after;
  });
  await invalidatePersonPages(slug);
  return updated;
}
